/**
 * A worker-only process (`pnpm start:worker`, and the worker `pnpm start` runs beside API
 * processes started with WORKER=off): hold expiry, e-mails, usage rollups and thresholds, and
 * retention, no HTTP. Any
 * number may run; they share the work through pg-boss and the outbox's send leases.
 */
import { pino } from "pino";

import { createDatabase } from "@slotwise/db";
import { openDatabase } from "@slotwise/db/runtime";

import { readApiEnv } from "./env.ts";
import { workerOptionsFromEnv } from "./jobs/worker-options.ts";
import { startWorker } from "./jobs/worker.ts";
import { giveUpShutdownAfterDeadline } from "./shutdown-deadline.ts";

const env = readApiEnv();
const log = pino({
  level: env.LOG_LEVEL,
  base: { role: "worker", pid: process.pid },
  ...(env.LOG_FORMAT === "pretty" ? { transport: { target: "pino-pretty" } } : {}),
});
const database = await openDatabase();
const db = createDatabase(database.url, { maxConnections: 5 });
// Signals are handled from here on: a stop that arrives while the worker is starting waits for it.
const starting = startWorker(workerOptionsFromEnv(env, { db, databaseUrl: database.url, now: () => new Date(), log }));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down: finishing jobs in flight");
  giveUpShutdownAfterDeadline(log);
  await (await starting).stop();
  await db.$disconnect();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
