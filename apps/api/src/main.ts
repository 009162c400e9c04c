import { Redis } from "ioredis";

import { createDatabase, createUsageWriter } from "@slotwise/db";
import { openDatabase } from "@slotwise/db/runtime";

import { keyAuthenticator } from "./auth/authenticate-key.ts";
import { LastUsedTracker } from "./auth/last-used.ts";
import { changeAwareCache } from "./cache/change-aware-cache.ts";
import { readApiEnv } from "./env.ts";
import { TimeslotTurns } from "./fast-paths/timeslot-turns.ts";
import { readiness } from "./health/readiness.ts";
import { buildServer } from "./http/build-server.ts";
import { createRateLimiter } from "./http/rate-limit.ts";
import { workerOptionsFromEnv } from "./jobs/worker-options.ts";
import { startWorker } from "./jobs/worker.ts";
import { createGuards, DEFAULT_GUARD_LIMITS } from "./limits/guards.ts";
import { createApiMetrics } from "./metrics/api-metrics.ts";
import { giveUpShutdownAfterDeadline } from "./shutdown-deadline.ts";

const env = readApiEnv();
const database = await openDatabase();
const db = createDatabase(database.url, { maxConnections: 20 });
const tracker = new LastUsedTracker(db);
const { cache, feed } = changeAwareCache(database.url, {
  pollMs: env.CHANGE_LOG_POLL_MS,
  onAnnounceError: (error) => {
    app.log.warn({ err: error }, "could not announce a change (the change log makes up for it within a second)");
  },
});
const now = () => new Date();
const redis = env.REDIS_URL
  ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
  : undefined;

const metrics = createApiMetrics({ db, cache });

const app = await buildServer({
  env: { ...env, prettyLogs: env.LOG_FORMAT === "pretty" },
  services: {
    db,
    cache,
    now,
    settings: {
      reminderHoursBefore: env.REMINDER_HOURS_BEFORE,
      consoleOrigins: [...env.CONSOLE_ORIGIN, new URL(env.PUBLIC_BASE_URL).origin],
      secureCookies: env.PUBLIC_BASE_URL.startsWith("https:"),
      publicBaseUrl: env.PUBLIC_BASE_URL,
      usageRetentionDays: env.USAGE_RETENTION_DAYS,
      paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET,
      webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === "on",
      holdBudget: { placesPerKey: env.HOLD_PLACES_PER_KEY, placesPerPartner: env.HOLD_PLACES_PER_PARTNER },
    },
    authenticateKey: keyAuthenticator(db, cache, tracker, now),
    guards: createGuards(
      {
        ...DEFAULT_GUARD_LIMITS,
        authFailuresPer10Minutes: env.AUTH_FAILURES_PER_10_MINUTES,
        shopWritesPerHour: env.SHOP_WRITES_PER_HOUR,
        checkoutPlacesPer15Minutes: env.CHECKOUT_PLACES_PER_15_MINUTES,
      },
      redis,
    ),
    metrics,
    usageWriter: createUsageWriter(db, {
      groupCommit: env.USAGE_GROUP_COMMIT === "on",
      onStatement: (entries) => {
        metrics.usageStatementWritten(entries);
      },
    }),
    saleTurns: new TimeslotTurns(),
  },
  rateLimit: createRateLimiter({ perSecond: env.RATE_LIMIT_PER_SECOND, burst: env.RATE_LIMIT_BURST, redis }),
  ready: () => readiness(db),
});

// The limiter falls back to memory while Redis is away; readiness does not depend on it.
redis?.on("error", (error: Error) => {
  app.log.warn({ err: error }, "redis unavailable");
});

const worker =
  env.WORKER === "on"
    ? await startWorker(workerOptionsFromEnv(env, { db, databaseUrl: database.url, now, log: app.log }))
    : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  giveUpShutdownAfterDeadline(app.log);
  // Side by side, so that both fit in the launcher's 30 s (docs/decisions/shutdown.md).
  const saveLastUse = () =>
    tracker.close().catch((error: unknown) => {
      app.log.warn({ err: error }, "could not save key last-use times");
    });
  await Promise.all([app.close().then(saveLastUse), worker?.stop()]);
  await feed.close();
  await db.$disconnect();
  redis?.disconnect();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: env.PORT, host: env.HOST });
