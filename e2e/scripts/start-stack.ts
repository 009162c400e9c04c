/**
 * Playwright's web server: a fresh database with the demo seed, the API (with its e-mail
 * worker) and the built console, each as in production. Stops all of it on SIGTERM/SIGINT.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";

import { startTestServer, stopChild, withDatabaseName } from "@slotwise/db/testing";

import { API_PORT, apiUrl, CONSOLE_PORT, consoleUrl, PAYMENT_WEBHOOK_SECRET, STACK_FILE } from "./stack.ts";

const root = resolve(import.meta.dirname, "../..");
const server = await startTestServer({ seeded: true });
if (!server.seededTemplateName) throw new Error("the test server did not seed the demo data");
const databaseUrl = withDatabaseName(server.adminUrl, server.seededTemplateName);

const children: ChildProcess[] = [];
function start(name: string, command: string, args: string[], cwd: string, env: Record<string, string>): void {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[stack] ${name} exited (${signal ?? code}) before the end of the run`);
      void stop(1);
    }
  });
  children.push(child);
}

async function waitForReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} did not become ready within 60 s`);
}

let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  await Promise.all(children.map((child) => stopChild(child)));
  try {
    await server.stop();
  } catch (error) {
    // Playwright signals the whole process group: an embedded PostgreSQL may be going already.
    console.error(`[stack] database clean-up: ${(error as Error).message}`);
  }
  await rm(dirname(STACK_FILE), { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));

await mkdir(dirname(STACK_FILE), { recursive: true });
await writeFile(STACK_FILE, JSON.stringify({ databaseUrl, apiUrl, consoleUrl }, null, 2));

start("api", process.execPath, ["--import", "tsx", "src/main.ts"], resolve(root, "apps/api"), {
  DATABASE_URL: databaseUrl,
  PORT: String(API_PORT),
  PUBLIC_BASE_URL: apiUrl,
  CONSOLE_ORIGIN: consoleUrl,
  LOG_LEVEL: "warn",
  // The partner's receiver in the hold scenario listens on this machine.
  WEBHOOK_ALLOW_LOOPBACK: "on",
  RATE_LIMIT_PER_SECOND: "500",
  RATE_LIMIT_BURST: "1000",
  AUTH_FAILURES_PER_10_MINUTES: "10000",
  SHOP_WRITES_PER_HOUR: "10000",
  CHECKOUT_PLACES_PER_15_MINUTES: "10000",
  PAYMENT_WEBHOOK_SECRET,
  // Usage thresholds are checked every second (30 by default), so a scenario sees its notice
  // within a few seconds; compaction and the e-mail sweep already run every 2 seconds.
  THRESHOLD_CHECK_SECONDS: "1",
});
// The console comes up last, so once Playwright sees it answer, the whole stack is ready.
await waitForReady(`${apiUrl}/readyz`);
start(
  "console",
  process.execPath,
  [
    resolve(root, "apps/console/node_modules/next/dist/bin/next"),
    "start",
    "--port",
    String(CONSOLE_PORT),
    "--hostname",
    "127.0.0.1",
  ],
  resolve(root, "apps/console"),
  {
    API_URL: apiUrl,
    NEXT_TELEMETRY_DISABLED: "1",
  },
);
console.log(`[stack] database ${server.seededTemplateName}, API ${apiUrl}, console ${consoleUrl}`);
