import {
  claimWebhookDeliveries,
  dueWebhookDeliveries,
  listenForChanges,
  nextWebhookDueAt,
  WEBHOOKS_TOPIC,
  type ClaimedWebhookDelivery,
  type Database,
  type DueWebhookDelivery,
} from "@slotwise/db";

import { deliverWebhook } from "../webhooks/deliver-webhook.ts";
import { publicAddressAgent, type ResolveHost } from "../webhooks/public-address-agent.ts";
import type { RetryPolicy } from "../webhooks/retry-policy.ts";

/** Deliveries to one endpoint in flight at once in a worker: a dead receiver cannot take every slot. */
export const ENDPOINT_SLOTS = 8;
/** Due deliveries read at once. */
const DUE_BATCH = 200;

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
  /** Where the change log is heard from (listenForChanges). */
  databaseUrl: string;
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
  /** How often the change log is read when no announcement has come (listenForChanges). */
  listenPollMs?: number | undefined;
}

/**
 * The worker's part of partner webhooks. New deliveries are heard of through the change log
 * (written in their event's transaction, so heard of once it commits); each one heard of, each
 * delivery that ends, the time of the next one due and the worker's sweep (the safety net for
 * anything missed) start a pass: read what is due, claim what fits in the free slots, send each
 * in the background. A delivery waits for the one before it of its subject (a booking, a
 * timeslot) to the same endpoint (claimWebhookDeliveries). An endpoint has at most
 * ENDPOINT_SLOTS in flight (fewer when the operator has fewer) and an operator at most `operatorSlots`: a receiver that never
 * answers holds its slots for the timeout, nothing more, and one operator's dead receivers
 * leave the other operators' deliveries free slots.
 */
export function startWebhookDelivery(options: WebhookDeliveryOptions) {
  const { db, log } = options;
  const leaseSeconds = Math.ceil(options.timeoutMs / 1000) * 3;
  const attempt = {
    now: options.now,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
    dispatcher: publicAddressAgent({ allowLoopback: options.allowLoopback, resolve: options.resolve }),
    allowLoopback: options.allowLoopback,
  };
  const operatorCap = options.operatorSlots ?? Math.max(1, Math.floor(options.concurrency / 2));
  const endpointCap = Math.min(ENDPOINT_SLOTS, operatorCap);
  const perEndpoint = inFlight(endpointCap);
  const perOperator = inFlight(operatorCap);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let passing: Promise<void> | null = null;
  /** Passes asked for while one was under way. */
  let asked = 0;
  let wake: NodeJS.Timeout | undefined;

  const release = (delivery: DueWebhookDelivery) => {
    perEndpoint.release(delivery.endpointId);
    perOperator.release(delivery.operatorId);
  };

  const send = (delivery: DueWebhookDelivery, claimed: ClaimedWebhookDelivery) => {
    const done: Promise<void> = deliverWebhook(db, claimed, attempt)
      .then((outcome) => {
        if (outcome === "failed") log.error({ deliveryId: claimed.id }, "webhook not delivered; given up");
      })
      .catch((error: unknown) => {
        log.error({ err: error, deliveryId: claimed.id }, "webhook attempt failed; it is retried after its lease");
      })
      .finally(() => {
        running.delete(done);
        release(delivery);
        // Its slot is free, and the next delivery of its subject may be due now.
        start();
      });
    running.add(done);
  };

  /** Starts what is due and fits; returns whether it started anything. */
  async function startDue(): Promise<boolean> {
    const free = options.concurrency - running.size;
    if (free <= 0) return false;
    const now = options.now();
    const due = await dueWebhookDeliveries(db, now, {
      limit: DUE_BATCH,
      perEndpoint: endpointCap,
      perOperator: operatorCap,
    });
    const chosen: DueWebhookDelivery[] = [];
    for (const delivery of due) {
      if (chosen.length >= free) break;
      if (perEndpoint.full(delivery.endpointId) || perOperator.full(delivery.operatorId)) continue;
      perEndpoint.take(delivery.endpointId);
      perOperator.take(delivery.operatorId);
      chosen.push(delivery);
    }
    let claimed: ClaimedWebhookDelivery[] = [];
    try {
      // The claim's time is where a coalesced availability change's successor is timed from: as late as can be.
      claimed = await claimWebhookDeliveries(
        db,
        chosen.map((d) => d.id),
        options.now(),
        leaseSeconds,
      );
    } finally {
      const byId = new Map(claimed.map((c) => [c.id, c]));
      for (const delivery of chosen) {
        const mine = byId.get(delivery.id);
        if (!mine) release(delivery);
        else if (stopped) release(delivery);
        else send(delivery, mine);
      }
    }
    return claimed.length > 0;
  }

  /** Wakes the worker when the next delivery falls due (a retry, a coalesced availability change). */
  async function wakeForNext(): Promise<void> {
    const now = options.now();
    const next = await nextWebhookDueAt(db, now);
    clearTimeout(wake);
    if (next === null || stopped) return;
    wake = setTimeout(start, Math.max(10, next.getTime() - now.getTime())).unref();
  }

  async function pass(): Promise<void> {
    // Asked again meanwhile (a delivery ended, one was heard of): pass again, or that is lost.
    for (;;) {
      const seen = asked;
      while (!stopped && (await startDue()));
      if (stopped) return;
      await wakeForNext();
      if (asked === seen) return;
    }
  }

  /** Starts a pass, or asks the one under way for another. */
  function start(): void {
    if (stopped) return;
    if (passing) {
      asked++;
      return;
    }
    passing = pass()
      .catch((error: unknown) => {
        log.error({ err: error }, "webhook deliveries not started; the next sweep starts them");
      })
      .finally(() => {
        passing = null;
      });
  }

  const feed = listenForChanges(
    options.databaseUrl,
    {
      onChange: (topic) => {
        if (topic === WEBHOOKS_TOPIC) start();
      },
      onGap: () => undefined,
      // Listening (again): whatever committed while nothing was heard is due now.
      onLive: start,
    },
    { pollMs: options.listenPollMs ?? 250 },
  );

  return {
    /** The safety net: starts whatever is due, heard of or not. */
    sweep: async (): Promise<void> => {
      start();
      await passing;
    },
    /** Stops starting deliveries, waits for those in flight, then closes their connections. */
    drain: async () => {
      stopped = true;
      clearTimeout(wake);
      await feed.close();
      await passing;
      await Promise.allSettled([...running]);
      await attempt.dispatcher.close();
    },
  };
}
