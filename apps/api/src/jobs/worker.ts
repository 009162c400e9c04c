import PgBoss from "pg-boss";

import { compactUsage, dueEmails, dueWebhookDeliveries, expireHolds, purgeExpired, type Database } from "@slotwise/db";

import { deliverWebhook } from "../webhooks/deliver-webhook.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../webhooks/retry-policy.ts";
import { boundedRunner } from "./bounded-runner.ts";
import { checkUsageThresholds } from "./check-thresholds.ts";
import type { Mailer } from "./mailer.ts";
import { sendOutboxEmail } from "./send-email.ts";

export const SEND_EMAIL = "send-email";
export const DELIVER_WEBHOOK = "deliver-webhook";
/** Deliveries to one endpoint in flight at once in a worker: a dead receiver cannot take every slot. */
const ENDPOINT_SLOTS = 2;

export interface WorkerOptions {
  db: Database;
  databaseUrl: string;
  mailer: Mailer;
  now: () => Date;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  /** How often holds are expired, queued e-mails handed to the job queue and usage compacted. */
  intervalMs?: number;
  /** How often expired idempotency records and console sessions are deleted. */
  retentionIntervalMs?: number;
  /** How often usage is compared with the meters' thresholds. */
  thresholdIntervalMs?: number;
  /** How long a send may take; a send of a worker that died is tried again after it. */
  sendLeaseSeconds?: number;
  /** When a failed webhook delivery is tried again, and for how long. */
  webhookRetry?: RetryPolicy;
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs?: number;
  /** Webhook deliveries in flight at once in this worker. */
  webhookConcurrency?: number;
}

export interface Worker {
  boss: PgBoss;
  /** Hands due outbox e-mails to the job queue; returns how many. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Creates the queue, or brings an existing one to these options. Several API processes
 * starting at once on a fresh database race to create it (seen as a deadlock inside
 * pg-boss): the loser looks again and finds the winner's queue.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return boss.updateQueue(queue.name, queue);
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * The background work of the platform, on pg-boss (its queue lives in PostgreSQL, schema
 * `pgboss`): expiring holds, sending outbox e-mails and partner webhooks with retries and
 * back-off, one job per e-mail or delivery, folding usage into its rollups, noticing usage thresholds crossed, and deleting
 * expired records. Any number of API processes may run it.
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
  await boss.work<{ emailId: number }>(SEND_EMAIL, { batchSize: 5, pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) {
      const outcome = await sendOutboxEmail(db, mailer, job.data.emailId, now, lease);
      if (outcome === "failed") log.error({ emailId: job.data.emailId }, "e-mail not sent; it will be retried");
    }
  });

  // A receiver that never answers holds one of these slots for the timeout, nothing more: the
  // requests that caused its events committed long before.
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const delivery = {
    now,
    retry: options.webhookRetry ?? DEFAULT_RETRY_POLICY,
    timeoutMs: webhookTimeoutMs,
    leaseSeconds: Math.ceil(webhookTimeoutMs / 1000) * 3,
  };
  await ensureQueue(boss, {
    name: DELIVER_WEBHOOK,
    policy: "short",
    retryLimit: 0,
    expireInSeconds: delivery.leaseSeconds * 2,
  });
  // One poller; each job's delivery runs in the background in one of these slots, and the
  // poller waits for a free slot before taking more jobs. An endpoint gets at most two slots:
  // a job beyond that is left due, and the next sweep hands it over again.
  const deliveries = boundedRunner(options.webhookConcurrency ?? 8);
  const perEndpoint = new Map<number, number>();
  const webhookWorker = await boss.work<{ deliveryId: number; endpointId: number }>(
    DELIVER_WEBHOOK,
    { batchSize: options.webhookConcurrency ?? 8, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        const { deliveryId, endpointId } = job.data;
        if ((perEndpoint.get(endpointId) ?? 0) >= ENDPOINT_SLOTS) continue;
        perEndpoint.set(endpointId, (perEndpoint.get(endpointId) ?? 0) + 1);
        await deliveries.start(async () => {
          try {
            const outcome = await deliverWebhook(db, deliveryId, delivery);
            if (outcome === "failed") log.error({ deliveryId }, "webhook not delivered; given up");
          } catch (error) {
            log.error({ err: error, deliveryId }, "webhook attempt failed; it is retried after its lease");
          } finally {
            const left = (perEndpoint.get(endpointId) ?? 1) - 1;
            if (left > 0) perEndpoint.set(endpointId, left);
            else perEndpoint.delete(endpointId);
          }
        });
      }
    },
  );

  const sweep = async () => {
    const due = await dueEmails(db, now());
    for (const { id } of due) await boss.send(SEND_EMAIL, { emailId: id }, { singletonKey: `email:${id}` });
    return due.length;
  };
  const sweepWebhooks = async () => {
    const due = await dueWebhookDeliveries(db, now());
    for (const { id, endpointId } of due)
      await boss.send(DELIVER_WEBHOOK, { deliveryId: id, endpointId }, { singletonKey: `webhook:${id}` });
    if (due.length > 0) boss.notifyWorker(webhookWorker);
  };
  const compact = async () => {
    const { setAside } = await compactUsage(db);
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
    if (purged.idempotencyRecords + purged.consoleSessions > 0) log.info({ ...purged }, "expired records deleted");
  };
  // Holds past their deadline give their places back on the next tick, whoever is asking.
  const expire = async () => {
    const { bookingIds } = await expireHolds(db, now());
    if (bookingIds.length > 0) log.info({ bookings: bookingIds.length }, "holds expired");
  };
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
  const tasks = { expire, compact, thresholds, sweep, sweepWebhooks, purge };
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const [task, run] of Object.entries(tasks)) {
      try {
        await run();
      } catch (error) {
        log.error({ err: error, task }, "background task failed");
      }
    }
    running = false;
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 2_000);
  void tick();
  log.info({ mail: mailer.kind }, "worker started");
  return {
    boss,
    sweep,
    stop: async () => {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await deliveries.drain();
      mailer.close();
    },
  };
}
