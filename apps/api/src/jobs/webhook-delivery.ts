import type PgBoss from "pg-boss";

import { dueWebhookDeliveries, type Database } from "@slotwise/db";

import { deliverWebhook } from "../webhooks/deliver-webhook.ts";
import { publicAddressAgent, type ResolveHost } from "../webhooks/public-address-agent.ts";
import type { RetryPolicy } from "../webhooks/retry-policy.ts";
import { boundedRunner } from "./bounded-runner.ts";
import { ensureQueue } from "./ensure-queue.ts";
import { queueOnce } from "./queue-once.ts";

export const DELIVER_WEBHOOK = "deliver-webhook";
/** Deliveries to one endpoint in flight at once in a worker: a dead receiver cannot take every slot. */
const ENDPOINT_SLOTS = 2;

/** Counts what is in flight per key, refusing a key already at its cap. */
function inFlight(cap: number) {
  const counts = new Map<number, number>();
  return {
    full: (key: number) => (counts.get(key) ?? 0) >= cap,
    take: (key: number) => counts.set(key, (counts.get(key) ?? 0) + 1),
    release: (key: number) => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

export interface WebhookDeliveryOptions {
  db: Database;
  now: () => Date;
  log: { error(o: object, m: string): void };
  retry: RetryPolicy;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** Deliveries in flight at once in this worker. */
  concurrency: number;
  /** Of those, at most this many to one operator's endpoints (half of them unless given). */
  operatorSlots?: number | undefined;
  /** Whether receivers on this machine may be reached (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** How host names are resolved for the address check (DNS unless a test gives its own). */
  resolve?: ResolveHost | undefined;
}

/**
 * The worker's part of partner webhooks: `sweep` hands due deliveries to the job queue (one
 * job per delivery), one poller takes them and runs each in one of `concurrency` background
 * slots, waiting for a free slot before taking more. A receiver that never answers holds a
 * slot for the timeout, nothing more: the requests that caused its events committed long
 * before. An endpoint gets at most ENDPOINT_SLOTS; a job beyond that is left due and handed
 * over again by the next sweep.
 */
export async function startWebhookDelivery(boss: PgBoss, options: WebhookDeliveryOptions) {
  const { db, log } = options;
  const attempt = {
    now: options.now,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
    leaseSeconds: Math.ceil(options.timeoutMs / 1000) * 3,
    dispatcher: publicAddressAgent({ allowLoopback: options.allowLoopback, resolve: options.resolve }),
    allowLoopback: options.allowLoopback,
  };
  // "short": at most one waiting job per delivery. Retries live on the delivery row (its
  // lease and next attempt), so a job never needs pg-boss to retry it.
  await ensureQueue(boss, {
    name: DELIVER_WEBHOOK,
    policy: "short",
    retryLimit: 0,
    expireInSeconds: attempt.leaseSeconds * 2,
  });
  const slots = boundedRunner(options.concurrency);
  const perEndpoint = inFlight(ENDPOINT_SLOTS);
  // One operator's dead receivers hold at most this many slots: the rest stay free for the
  // other operators' endpoints, however many endpoints the one has.
  const perOperator = inFlight(options.operatorSlots ?? Math.max(ENDPOINT_SLOTS, Math.floor(options.concurrency / 2)));
  const poller = await boss.work<{ deliveryId: number; endpointId: number; operatorId?: number }>(
    DELIVER_WEBHOOK,
    { batchSize: options.concurrency, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        // Jobs queued before deliveries carried their operator count as one operator of their own.
        const { deliveryId, endpointId, operatorId = 0 } = job.data;
        if (perEndpoint.full(endpointId) || perOperator.full(operatorId)) continue;
        perEndpoint.take(endpointId);
        perOperator.take(operatorId);
        await slots.start(async () => {
          try {
            const outcome = await deliverWebhook(db, deliveryId, attempt);
            if (outcome === "failed") log.error({ deliveryId }, "webhook not delivered; given up");
          } catch (error) {
            log.error({ err: error, deliveryId }, "webhook attempt failed; it is retried after its lease");
          } finally {
            perEndpoint.release(endpointId);
            perOperator.release(operatorId);
          }
        });
      }
    },
  );
  return {
    sweep: async (): Promise<void> => {
      const due = await dueWebhookDeliveries(db, options.now());
      await queueOnce(
        boss,
        DELIVER_WEBHOOK,
        due.map(({ id, endpointId, operatorId }) => ({
          key: `webhook:${id}`,
          data: { deliveryId: id, endpointId, operatorId },
        })),
      );
      if (due.length > 0) boss.notifyWorker(poller);
    },
    /** Waits for the deliveries in flight (after the queue has stopped), then closes their connections. */
    drain: async () => {
      await slots.drain();
      await attempt.dispatcher.close();
    },
  };
}
