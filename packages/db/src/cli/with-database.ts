/**
 * `pnpm dev`: brings up the database (DATABASE_URL, or embedded PostgreSQL), migrates it,
 * seeds it when empty, then runs the given command with DATABASE_URL pointing at it. On
 * Ctrl-C or when the command ends, the command's processes stop first, then the database.
 *
 *   with-database.ts [--seed-if-empty] -- <command> [args...]
 */
import { spawn } from "node:child_process";

import { createClient } from "../client.ts";
import { runMigrations } from "../migrate/run-migrations.ts";
import { openCliDatabase } from "../runtime/open-cli-database.ts";
import { isEmpty, seedDemoData } from "../seed/seed-demo-data.ts";

const separator = process.argv.indexOf("--");
const options = process.argv.slice(2, separator === -1 ? undefined : separator);
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error("usage: with-database.ts [--seed-if-empty] -- <command> [args...]");
  process.exit(2);
}

function log(message: string): void {
  console.log(`[database] ${message}`);
}
const database = await openCliDatabase("pnpm dev");
const applied = await runMigrations(database.url);
log(applied.length ? `applied migrations ${applied.join(", ")}` : "migrations up to date");
if (options.includes("--seed-if-empty")) {
  const db = createClient(database.url);
  try {
    if (await isEmpty(db)) {
      const started = Date.now();
      const outcome = await seedDemoData(db, new Date());
      log(outcome.seeded ? `seeded demo data in ${Date.now() - started} ms` : outcome.reason);
    } else {
      log("database has data: not seeding");
    }
  } finally {
    await db.$disconnect();
  }
}

const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: database.url } });
const childExit = new Promise<number>((resolve) => {
  child.on("exit", (code, signal) => {
    resolve(code ?? (signal ? 130 : 1));
  });
});

// Ctrl-C reaches the whole process group; a signal sent to this process alone is passed on.
// Either way the command's processes finish first, then the database stops, then we exit.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

const code = await childExit;
await database.close();
process.exit(code);
