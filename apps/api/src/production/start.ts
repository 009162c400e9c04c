/**
 * `pnpm start` (API processes, a worker and the console's production build) and
 * `pnpm start:worker` (`--worker-only`: a worker alone, for hosts that only run workers).
 * Checks every setting first, applies pending migrations once, then keeps each process
 * running until SIGTERM or SIGINT. See docs/deploy.md.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { pino } from "pino";

import { runMigrations } from "@slotwise/db/runtime";

import { readLaunchSettings } from "./settings.ts";
import { supervise, type Role } from "./supervise.ts";

const workerOnly = process.argv.includes("--worker-only");
const apiDir = resolve(import.meta.dirname, "../..");
const consoleDir = resolve(apiDir, "../console");

function fail(lines: string[]): never {
  console.error(lines.join("\n"));
  process.exit(2);
}

const settings = readLaunchSettings(process.env);
if ("problems" in settings) {
  fail(["Slotwise cannot start; fix these settings (see docs/deploy.md):", ...settings.problems.map((p) => `  ${p}`)]);
}
// Made once the settings are known, at their level: LOG_LEVEL=warn quiets the launcher too.
const log = pino({ level: settings.LOG_LEVEL, base: { role: "launcher" } });
const launchConsole = !workerOnly && settings.CONSOLE === "on";
if (launchConsole && !existsSync(resolve(consoleDir, ".next/BUILD_ID"))) {
  fail(["The console has no production build: run `pnpm build` first (once per checkout, and after each update)."]);
}

const started = performance.now();
const applied = await runMigrations(settings.DATABASE_URL);
log.info(
  { applied, ms: Math.round(performance.now() - started) },
  applied.length ? "migrations applied" : "migrations up to date",
);

if (!workerOnly && !process.env.PAYMENT_WEBHOOK_SECRET)
  log.warn(
    "PAYMENT_WEBHOOK_SECRET is not set: the payment webhook refuses every call, so shopfront checkouts are never paid",
  );
if (!workerOnly && settings.API_PROCESSES > 1 && !process.env.REDIS_URL)
  log.warn(
    "REDIS_URL is not set: each API process keeps its own rate limits and budgets, so a client gets one per process",
  );

const tsx = (entry: string) => ["--import", "tsx", entry];
const roles: Role[] = [];
if (!workerOnly) {
  for (let i = 0; i < settings.API_PROCESSES; i++) {
    roles.push({
      name: `api-${i + 1}`,
      command: process.execPath,
      args: tsx("src/main.ts"),
      cwd: apiDir,
      env: { ...settings.apiEnv, PORT: String(settings.API_PORT + i), HOST: settings.HOST, WORKER: "off" },
    });
  }
}
if (workerOnly || settings.WORKER === "on") {
  roles.push({
    name: "worker",
    command: process.execPath,
    args: tsx("src/worker-main.ts"),
    cwd: apiDir,
    env: settings.apiEnv,
  });
}
if (launchConsole) {
  roles.push({
    name: "console",
    command: process.execPath,
    args: [
      resolve(consoleDir, "node_modules/next/dist/bin/next"),
      "start",
      "--port",
      String(settings.PORT),
      "--hostname",
      settings.HOST,
    ],
    cwd: consoleDir,
    env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", API_URL: settings.apiUrl },
  });
}

const supervisor = supervise(roles, log);
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping every process");
    void supervisor.stop().then(() => process.exit(0));
  });
}
