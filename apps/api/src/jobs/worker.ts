import { setTimeout as delay } from "node:timers/promises";

import PgBoss from "pg-boss";

import { DEFAULT_USAGE_RETENTION_DAYS } from "@slotwise/core";
import {
  compactUsage,
  disableFailingWebhookEndpoints,
  dueEmails,
  expireHolds,
  mergeBookingSearchPending,
  purgeExpired,
  topUpSchedules,
  type Database,
} from "@slotwise/db";

import type { ResolveHost } from "../webhooks/public-address-agent.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../webhooks/retry-policy.ts";
import { checkUsageThresholds } from "./check-thresholds.ts";
import { ensureQueue } from "./ensure-queue.ts";
import { keepUsagePartitions } from "./keep-usage-partitions.ts";
import type { Mailer } from "./mailer.ts";
import { queueOnce } from "./queue-once.ts";
import { emailSender } from "./send-email.ts";
import { startWebhookDelivery } from "./webhook-delivery.ts";

export const SEND_EMAIL = "send-email";
/** E-mails a worker sends at once. */
const EMAIL_BATCH = 20;
/** Due e-mails a sweep hands to the queue. */
const EMAIL_SWEEP = 1_000;
/** How long stop() waits for the task in flight, and then for pg-boss's jobs. */
const STOP_WAIT_MS = 10_000;

export interface WorkerOptions {
  db: Database;
  databaseUrl: string;
  mailer: Mailer;
  now: () => Date;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  /** How often holds are expired, queued e-mails handed to the job queue and usage compacted. */
  intervalMs?: number;
  /** How often expired idempotency records and console sessions are deleted, and usage partitions kept. */
  retentionIntervalMs?: number;
  /** Raw usage entries are dropped, by month, once this many days old and in the rollups. */
  usageRetentionDays?: number;
  /** How often usage is compared with the meters' thresholds. */
  thresholdIntervalMs?: number;
  /** How long a send may take; a send of a worker that died is tried again after it. */
  sendLeaseSeconds?: number;
  /** Where ticket pages are, for the links in confirmation e-mails (PUBLIC_BASE_URL). */
  publicBaseUrl?: string;
  /** When a failed webhook delivery is tried again, and for how long. */
  webhookRetry?: RetryPolicy;
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs?: number;
  /** Webhook deliveries in flight at once in this worker. */
  webhookConcurrency?: number;
  /** Of those, at most this many to one operator's endpoints (half of them unless given). */
  webhookOperatorSlots?: number;
  /** Whether webhook receivers on this machine may be reached (WEBHOOK_ALLOW_LOOPBACK; tests, development). */
  webhookAllowLoopback?: boolean;
  /** How long an endpoint fails every attempt before it is disabled (3 days, contract section 21). */
  webhookDisableAfterMs?: number;
  /** How webhook host names are resolved for the address check: DNS unless a test gives its own. */
  webhookResolve?: ResolveHost;
}

export interface Worker {
  boss: PgBoss;
  /** Hands due outbox e-mails to the job queue; returns how many. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The background work of the platform, on pg-boss (its queue lives in PostgreSQL, schema
 * `pgboss`): expiring holds, sending outbox e-mails (one job per e-mail) and partner webhooks
 * (startWebhookDelivery) with retries and back-off, folding usage into its rollups, noticing usage
 * thresholds crossed, merging new bookings into the search index, deleting expired records,
 * and making and dropping usage partitions. Any number of API processes may run it.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { db, mailer, now, log } = options;
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: "pgboss", max: 4 });
  boss.on("error", (error: Error) => {
    log.error({ err: error }, "job queue error");
  });
  await boss.start();
  const lease = options.sendLeaseSeconds ?? 120;
  // "short": at most one waiting job per e-mail. Retries and back-off live on the outbox row
  // (its send lease), so a job never needs pg-boss to retry it.
  await ensureQueue(boss, { name: SEND_EMAIL, policy: "short", retryLimit: 0, expireInSeconds: lease * 2 });
  const emails = emailSender(db, mailer, now, { leaseSeconds: lease, publicBaseUrl: options.publicBaseUrl });
  // A batch is claimed in one statement and sent at once: the pooled transport spreads it over
  // its connections (the others wait for one). A full batch asks for the next at once instead
  // of after the polling interval.
  const mailPoller: string = await boss.work<{ emailId: number }>(
    SEND_EMAIL,
    { batchSize: EMAIL_BATCH, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      const outcomes = await emails.send(jobs.map((job) => job.data.emailId));
      for (const [emailId, outcome] of outcomes) {
        if (outcome === "failed") log.error({ emailId }, "e-mail not sent; it will be retried");
        if (outcome === "unrecorded") log.error({ emailId }, "e-mail sent but not marked sent; it will be sent again");
      }
      if (jobs.length === EMAIL_BATCH) boss.notifyWorker(mailPoller);
    },
  );

  const webhooks = startWebhookDelivery({
    db,
    databaseUrl: options.databaseUrl,
    now,
    log,
    retry: options.webhookRetry ?? DEFAULT_RETRY_POLICY,
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    concurrency: options.webhookConcurrency ?? 32,
    operatorSlots: options.webhookOperatorSlots,
    allowLoopback: options.webhookAllowLoopback ?? false,
    resolve: options.webhookResolve,
  });

  const sweep = async () => {
    const due = await dueEmails(db, now(), EMAIL_SWEEP);
    await queueOnce(
      boss,
      SEND_EMAIL,
      due.map(({ id }) => ({ key: `email:${id}`, data: { emailId: id } })),
    );
    if (due.length > 0) boss.notifyWorker(mailPoller);
    return due.length;
  };
  const compact = async () => {
    const { setAside } = await compactUsage(db, now());
    for (const entry of setAside) {
      log.error(
        { usageEntryId: String(entry.entryId), reason: entry.reason },
        "usage entry set aside: the rollups refused it (summaries still count it)",
      );
    }
  };
  const retentionMs = options.retentionIntervalMs ?? 600_000;
  let purgedAt = -Infinity;
  const purge = async () => {
    if (performance.now() - purgedAt < retentionMs) return;
    purgedAt = performance.now();
    const purged = await purgeExpired(db, now());
    if (purged.idempotencyRecords + purged.consoleSessions + purged.webhookAttempts + purged.webhookEvents > 0)
      log.info({ ...purged }, "expired records deleted");
  };
  let partitionedAt = -Infinity;
  const partitions = async () => {
    if (performance.now() - partitionedAt < retentionMs) return;
    partitionedAt = performance.now();
    await keepUsagePartitions(db, now(), options.usageRetentionDays ?? DEFAULT_USAGE_RETENTION_DAYS, log);
  };
  // Schedules' timeslots are kept 366 days ahead; idempotent on any number of workers (topUpSchedules).
  let toppedUpAt = -Infinity;
  const schedules = async () => {
    if (performance.now() - toppedUpAt < retentionMs) return;
    toppedUpAt = performance.now();
    const created = await topUpSchedules(db, now());
    if (created > 0) log.info({ created }, "schedules topped up");
  };
  // Holds past their deadline give their places back on the next tick, whoever is asking.
  const expire = async () => {
    const { bookingIds } = await expireHolds(db, now());
    if (bookingIds.length > 0) log.info({ bookings: bookingIds.length }, "holds expired");
  };
  // One indexed UPDATE that finds nothing while endpoints deliver; run before the e-mail sweep,
  // which hands over the e-mail it queues.
  const webhookHealth = async () => {
    const disabled = await disableFailingWebhookEndpoints(db, now(), options.webhookDisableAfterMs);
    if (disabled.length > 0) log.info({ endpoints: disabled }, "webhook endpoints disabled after failing for days");
  };
  // New bookings wait in the search index's pending list (that is what makes them cheaper);
  // merged here, searches read a short list and bookings seldom have to merge it themselves.
  const searchIndex = () => mergeBookingSearchPending(db);
  // Right after compaction, so the totals read mostly rollups; the e-mail it queues goes out
  // on the next sweep.
  const thresholdMs = options.thresholdIntervalMs ?? 30_000;
  let checkedAt = -Infinity;
  const thresholds = async () => {
    if (performance.now() - checkedAt < thresholdMs) return;
    checkedAt = performance.now();
    const { noticed, failed } = await checkUsageThresholds(db, now());
    if (noticed > 0) log.info({ noticed }, "usage thresholds crossed");
    for (const { operatorId, error } of failed)
      log.error({ err: error, operatorId }, "usage thresholds not checked; checked again next time");
  };
  // Each task on its own: one that fails (and is retried next tick) never holds back the others.
  const tasks = {
    expire,
    compact,
    thresholds,
    webhookHealth,
    sweep,
    webhooks: webhooks.sweep,
    searchIndex,
    purge,
    partitions,
    schedules,
  };
  let ticking: Promise<void> | null = null;
  let stopping = false;
  const runTasks = async () => {
    for (const [task, run] of Object.entries(tasks)) {
      // Every task is done again by the next tick, here or in another process.
      if (stopping) return;
      try {
        await run();
      } catch (error) {
        log.error({ err: error, task }, "background task failed");
      }
    }
  };
  const tick = () => {
    if (ticking) return;
    ticking = runTasks().finally(() => {
      ticking = null;
    });
  };
  const timer = setInterval(tick, options.intervalMs ?? 2_000);
  tick();
  log.info({ mail: mailer.kind }, "worker started");
  return {
    boss,
    sweep,
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      // The task in flight may still send to the queue or read the database: stopped under it,
      // a process stopped right after start failed it ("Unable to start a transaction", pg-boss's
      // "Cannot destructure property 'rows'"). Waited for as long as pg-boss waits for its jobs:
      // a compaction of a long backlog is one transaction, which the database's close rolls back
      // and the next worker does again.
      const timeout = new AbortController();
      const finished = await Promise.race([
        ticking?.then(
          () => true,
          () => true,
        ) ?? true,
        delay(STOP_WAIT_MS, false, { signal: timeout.signal }).catch(() => false),
      ]);
      timeout.abort();
      if (!finished)
        log.error({ waitedMs: STOP_WAIT_MS }, "a background task was still running when the worker stopped");
      // Deliveries in flight end by their own timeout; together, the stop takes 20 s at most.
      await Promise.all([boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS }), webhooks.drain()]);
      mailer.close();
    },
  };
}
