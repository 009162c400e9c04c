import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";

import { createClient } from "../client.ts";
import { runMigrations } from "../migrate/run-migrations.ts";
import { startEmbeddedPostgres } from "../runtime/embedded-postgres.ts";
import { withDatabaseName } from "../runtime/ensure-database.ts";
import { readDatabaseEnv } from "../runtime/env.ts";
import { freePort } from "../runtime/free-port.ts";
import { seedDemoData } from "../seed/seed-demo-data.ts";

export interface TestServer {
  /** A URL of the server's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Every database of this run is named with it, so the run can drop them all at its end. */
  runPrefix: string;
  /** A migrated database that each test file's database is cloned from. */
  templateName: string;
  /** The same with the demo seed, when asked for. */
  seededTemplateName: string | null;
  stop(): Promise<void>;
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The PostgreSQL server of one test run: the server at TEST_DATABASE_URL when set (the
 * machine's own PostgreSQL service, say), otherwise a throw-away embedded cluster in a temp
 * folder. Either way the run gets its own freshly migrated template database, dropped at the
 * end, and never touches the development database.
 */
export async function startTestServer(options: { seeded?: boolean; durable?: boolean } = {}): Promise<TestServer> {
  const env = readDatabaseEnv();
  let adminUrl: string;
  let stopServer: () => Promise<void> = () => Promise.resolve();
  if (env.TEST_DATABASE_URL) {
    adminUrl = env.TEST_DATABASE_URL;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), "slotwise-test-"));
    // mkdtemp makes the folder private; as root, PostgreSQL runs as `postgres` and must reach it.
    await chmod(dataDir, 0o755);
    // Tests trade durability for speed (no fsync); benchmarks keep PostgreSQL's defaults.
    const server = await startEmbeddedPostgres({
      dataDir: join(dataDir, "pg"),
      port: await freePort(),
      persistent: false,
      fast: !options.durable,
    });
    adminUrl = server.url("postgres");
    stopServer = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const runPrefix = uniqueName("sw_run");
  const templateName = `${runPrefix}_template`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(templateName)}`));
  await runMigrations(withDatabaseName(adminUrl, templateName));
  const seededTemplateName = options.seeded ? await seededCopy(adminUrl, templateName, `${runPrefix}_seeded`) : null;
  return {
    adminUrl,
    runPrefix,
    templateName,
    seededTemplateName,
    stop: async () => {
      try {
        await admin(adminUrl, async (c) => {
          const { rows } = await c.query<{ datname: string }>(
            "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
            [runPrefix],
          );
          for (const { datname } of rows)
            await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(datname)} WITH (FORCE)`);
        });
      } finally {
        // Also when the databases could not be dropped (an embedded server already told to shut
        // down by a signal to the whole process group, say): the cluster and its folder still go.
        await stopServer();
      }
    },
  };
}

async function seededCopy(adminUrl: string, template: string, name: string): Promise<string> {
  await admin(adminUrl, (c) =>
    c.query(`CREATE DATABASE ${c.escapeIdentifier(name)} TEMPLATE ${c.escapeIdentifier(template)}`),
  );
  const db = createClient(withDatabaseName(adminUrl, name), { maxConnections: 2 });
  try {
    await seedDemoData(db, new Date());
  } finally {
    await db.$disconnect();
  }
  return name;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file: a copy of the run's migrated template, or an empty one. */
export async function createTestDatabase(
  adminUrl: string,
  runPrefix: string,
  template: string | null,
): Promise<TestDatabase> {
  const name = uniqueName(`${runPrefix}_db`);
  await admin(adminUrl, (c) =>
    c.query(
      `CREATE DATABASE ${c.escapeIdentifier(name)}${template ? ` TEMPLATE ${c.escapeIdentifier(template)}` : ""}`,
    ),
  );
  return {
    name,
    url: withDatabaseName(adminUrl, name),
    drop: () =>
      admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
