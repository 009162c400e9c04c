import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

import { freePort, stopChild } from "@slotwise/db/testing";

/** The API app these helpers start, as `pnpm start` would. */
const apiDir = fileURLToPath(new URL("../../../apps/api/", import.meta.url));

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Lines the process printed so far (pino's JSON log lines). */
  lines: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function waitUntilUp(base: string, child: ChildProcess, lines: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${lines.join("\n")}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API process did not start:\n${lines.join("\n")}`);
}

/** A child process of the API app (an entry point under src/), its output kept line by line. */
function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts.filter(Boolean));
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      resolve(code);
    });
  });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, lines, exited, stop };
}

/**
 * A real API process, as `pnpm dev` or production starts it (`src/main.ts`), on a free port
 * or the one given (to start a process again where a killed one was).
 */
export async function spawnApi(env: Record<string, string>, options: { port?: number } = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const started = spawnEntry("src/main.ts", { ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(base, started.child, started.lines);
  } catch (error) {
    started.child.kill("SIGKILL");
    throw error;
  }
  return { base, ...started };
}

export interface WorkerProcess {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A worker-only process (`src/worker-main.ts`, what `pnpm start:worker` runs), once its worker has started. */
export async function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const started = spawnEntry("src/worker-main.ts", env);
  const deadline = Date.now() + 60_000;
  while (!started.lines.some((l) => l.includes('"worker started"'))) {
    if (started.child.exitCode !== null || Date.now() > deadline) {
      started.child.kill("SIGKILL");
      throw new Error(`worker process did not start:\n${started.lines.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return started;
}

export interface LauncherProcess extends WorkerProcess {
  /** The API processes it started, at API_PORT, API_PORT + 1, … */
  apiBases: string[];
  /** The process id of one of the processes it runs (`api-2`, `worker`), as last started. */
  pidOf(name: string): number | undefined;
}

/**
 * The production launcher, as `pnpm start` runs it (or `pnpm start:worker` with `workerOnly`),
 * once every API process it started answers, or its worker has started.
 */
export async function spawnLauncher(
  env: Record<string, string>,
  options: { apiProcesses?: number; apiPort?: number; workerOnly?: boolean } = {},
): Promise<LauncherProcess> {
  const count = options.workerOnly ? 0 : (options.apiProcesses ?? 1);
  const started = spawnEntry(
    "src/production/start.ts",
    {
      ...env,
      API_PROCESSES: String(Math.max(count, 1)),
      ...(options.apiPort ? { API_PORT: String(options.apiPort) } : {}),
    },
    options.workerOnly ? ["--worker-only"] : [],
  );
  const apiBases = Array.from({ length: count }, (_, i) => `http://127.0.0.1:${(options.apiPort ?? 3001) + i}`);
  const pidOf = (name: string) =>
    started.lines
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; process?: string; pid?: number };
          return entry.msg === "started" && entry.process === name && entry.pid ? [entry.pid] : [];
        } catch {
          return [];
        }
      })
      .at(-1);
  try {
    for (const base of apiBases) await waitUntilUp(base, started.child, started.lines);
    if (options.workerOnly) {
      const deadline = Date.now() + 60_000;
      while (!started.lines.some((l) => l.includes('"worker started"'))) {
        if (started.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the worker did not start:\n${started.lines.join("\n")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await started.stop("SIGTERM");
    throw error;
  }
  return { ...started, apiBases, pidOf };
}

/** `count` consecutive free ports of 127.0.0.1, for processes that take API_PORT and the next ones. */
export async function consecutiveFreePorts(count: number): Promise<number> {
  for (;;) {
    const base = await freePort();
    const free = await Promise.all(Array.from({ length: count - 1 }, (_, i) => portIsFree(base + i + 1)));
    if (base + count - 1 <= 65535 && free.every(Boolean)) return base;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => {
      resolve(false);
    });
    server.listen(port, "127.0.0.1", () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

/** Several API processes; if one does not start, the others are stopped before the error is thrown. */
export async function spawnApis(count: number, env: Record<string, string>): Promise<ApiProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => spawnApi(env)));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.all(started.flatMap((r) => (r.status === "fulfilled" ? [r.value.stop("SIGKILL")] : [])));
    throw failed.reason;
  }
  return started.map((r) => (r as PromiseFulfilledResult<ApiProcess>).value);
}

/** A throw-away Redis server (the `redis-server` binary), unless TEST_REDIS_URL names one. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, stop: () => Promise.resolve() };
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const failed = new Promise<never>((_, reject) => {
    child.on("error", (error) => {
      reject(
        new Error(
          `Could not start redis-server (install it: apt-get install redis-server, or brew install redis), or set TEST_REDIS_URL: ${error.message}`,
        ),
      );
    });
  });
  const { Redis } = await import("ioredis");
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      const client = new Redis({
        port,
        host: "127.0.0.1",
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        client.disconnect();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error("redis-server did not start");
  })();
  await Promise.race([ready, failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}
