import { dataFolderHolder, embeddedUrl, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { ensureDatabase, withDatabaseName } from "./ensure-database.ts";
import { embeddedDataDir, readDatabaseEnv } from "./env.ts";
import { HeldDataFolderError } from "./held-data-folder-error.ts";

export const DEV_DATABASE = "slotwise";

export interface OpenedDatabase {
  url: string;
  /** How the URL was found, for the start-up log line. */
  origin: "DATABASE_URL" | "embedded (started)" | "embedded (already running)";
  /** Which database this is, for people: host:port/name, and the data folder when embedded; never a password. */
  where: string;
  /** Stops the embedded cluster when this call started it; otherwise does nothing. */
  close(): Promise<void>;
}

/** host:port/name of a PostgreSQL URL, without its user or password. */
export function databaseAddress(url: string): string {
  const parsed = new URL(url);
  // The driver takes `?host=` and `?port=` over the URL's own host and port.
  const host = parsed.searchParams.get("host") ?? parsed.hostname;
  const port = parsed.searchParams.get("port") ?? (parsed.port || "5432");
  return `${host}:${port}/${decodeURIComponent(parsed.pathname.slice(1))}`;
}

/**
 * The database of `pnpm dev`, the seed and the key CLI: `DATABASE_URL` when set; otherwise
 * the embedded cluster, joined when another process already runs it on the configured port,
 * started when no live process holds its data folder. A folder held by a process on another
 * port (or one still starting) is refused: joining it would write where the settings do not
 * say, and starting a second server on it is PostgreSQL's to refuse less clearly.
 */
export async function openDatabase(env = readDatabaseEnv()): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    return {
      url,
      origin: "DATABASE_URL",
      where: `${databaseAddress(url)} (DATABASE_URL)`,
      close: () => Promise.resolve(),
    };
  }
  const dataDir = embeddedDataDir(env);
  const port = env.EMBEDDED_POSTGRES_PORT;
  const holder = await dataFolderHolder(dataDir);
  if (holder !== undefined) {
    if (holder.port !== port) throw new HeldDataFolderError(dataDir, port, holder, DEV_DATABASE);
    const url = embeddedUrl(port, DEV_DATABASE);
    return {
      url,
      origin: "embedded (already running)",
      where: `${databaseAddress(url)} (embedded PostgreSQL of ${dataDir}, run by process ${holder.pid})`,
      close: () => Promise.resolve(),
    };
  }
  const server = await startEmbeddedPostgres({ dataDir, port, persistent: true });
  const url = server.url(DEV_DATABASE);
  await ensureDatabase(withDatabaseName(url, "postgres"), DEV_DATABASE);
  return {
    url,
    origin: "embedded (started)",
    where: `${databaseAddress(url)} (embedded PostgreSQL of ${dataDir}, started for this command)`,
    close: () => server.stop(),
  };
}
