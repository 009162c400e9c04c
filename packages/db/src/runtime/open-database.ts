import { embeddedUrl, runningEmbeddedPort, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { ensureDatabase, withDatabaseName } from "./ensure-database.ts";
import { embeddedDataDir, readDatabaseEnv } from "./env.ts";

export const DEV_DATABASE = "slotwise";

export interface OpenedDatabase {
  url: string;
  /** How the URL was found, for the start-up log line. */
  origin: "DATABASE_URL" | "embedded (started)" | "embedded (already running)";
  /** Stops the embedded cluster when this call started it; otherwise does nothing. */
  close(): Promise<void>;
}

/**
 * The database of `pnpm dev`, the seed and the key CLI: `DATABASE_URL` when set; otherwise
 * the embedded cluster, joined when another process already runs it, started when not.
 */
export async function openDatabase(env = readDatabaseEnv()): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, origin: "DATABASE_URL", close: () => Promise.resolve() };
  }
  const dataDir = embeddedDataDir(env);
  const runningPort = await runningEmbeddedPort(dataDir);
  if (runningPort !== undefined) {
    return {
      url: embeddedUrl(runningPort, DEV_DATABASE),
      origin: "embedded (already running)",
      close: () => Promise.resolve(),
    };
  }
  const server = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_POSTGRES_PORT, persistent: true });
  const url = server.url(DEV_DATABASE);
  await ensureDatabase(withDatabaseName(url, "postgres"), DEV_DATABASE);
  return { url, origin: "embedded (started)", close: () => server.stop() };
}
