import {
  claimWebhookDeliveries,
  dueWebhookDeliveries,
  listenForChanges,
  WEBHOOKS_TOPIC,
  type ClaimedWebhookDelivery,
  type Database,
  type DueWebhookDelivery,
} from "@slotwise/db";

import { attemptWebhook, deliveryOutcome } from "../webhooks/attempt-webhook.ts";
import { publicAddressAgent, type ResolveHost } from "../webhooks/public-address-agent.ts";
import type { RetryPolicy } from "../webhooks/retry-policy.ts";
import { attemptLogWriter } from "./attempt-log-writer.ts";
import { responsiveEndpoints } from "./responsive-endpoints.ts";

/** Deliveries to one endpoint in flight at once in a worker: a dead receiver cannot take every slot. */
export const ENDPOINT_SLOTS = 8;
/**
 * Deliveries to a failing endpoint (one that has failed every attempt since its last delivered
 * one) in flight at once: it is tried, one delivery at a time, and holds no more slots than that.
 */
const FAILING_ENDPOINT_SLOTS = 1;
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
  /** Deliveries in flight at once in this worker in the operators' shares, and as many again to responsive endpoints. */
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
 * in the background; attempts that end together are logged in one statement
 * (attemptLogWriter). A delivery waits for the one before it of its subject (a booking, a
 * timeslot) to the same endpoint (claimWebhookDeliveries). An endpoint has at most
 * ENDPOINT_SLOTS in flight (fewer when the operator has fewer), a failing one
 * FAILING_ENDPOINT_SLOTS, an operator at most `operatorSlots`, and its failing endpoints together
 * at most half of those: a receiver that never answers holds its slots for the timeout, nothing
 * more, one operator's dead receivers leave the other operators' deliveries free slots, and its
 * own healthy endpoints at least half of its share. Endpoints that answer quickly
 * (responsiveEndpoints) have a pool of their own, `concurrency` more, outside the operators'
 * shares: a slow or dead endpoint delays only itself, also within its operator.
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
  const attemptLog = attemptLogWriter(db);
  const operatorCap = options.operatorSlots ?? Math.max(1, Math.floor(options.concurrency / 2));
  const endpointCap = Math.min(ENDPOINT_SLOTS, operatorCap);
  const failingCap = Math.max(1, Math.floor(operatorCap / 2));
  const perEndpoint = inFlight(endpointCap);
  const perFailingEndpoint = inFlight(FAILING_ENDPOINT_SLOTS);
  const perOperator = inFlight(operatorCap);
  const failingPerOperator = inFlight(failingCap);
  const responsive = responsiveEndpoints();
  /** In flight to responsive endpoints, outside the operators' shares: their own pool of `concurrency`. */
  let responsiveInFlight = 0;
  /** In flight in the operators' shares. */
  let sharedInFlight = 0;
  /** The deliveries in flight that were started as a responsive endpoint's. */
  const startedResponsive = new Set<number>();
  const full = (d: DueWebhookDelivery, asResponsive: boolean) =>
    asResponsive
      ? responsiveInFlight >= options.concurrency || perEndpoint.full(d.endpointId)
      : sharedInFlight >= options.concurrency ||
        perOperator.full(d.operatorId) ||
        (d.failing
          ? perFailingEndpoint.full(d.endpointId) || failingPerOperator.full(d.operatorId)
          : perEndpoint.full(d.endpointId));
  const take = (d: DueWebhookDelivery, asResponsive: boolean) => {
    if (asResponsive) {
      responsiveInFlight++;
      startedResponsive.add(d.id);
      perEndpoint.take(d.endpointId);
      return;
    }
    sharedInFlight++;
    perOperator.take(d.operatorId);
    if (!d.failing) perEndpoint.take(d.endpointId);
    else {
      perFailingEndpoint.take(d.endpointId);
      failingPerOperator.take(d.operatorId);
    }
  };
  const running = new Set<Promise<void>>();
  let stopped = false;
  let passing: Promise<void> | null = null;
  /** Passes asked for while one was under way. */
  let asked = 0;
  let wake: NodeJS.Timeout | undefined;

  const release = (d: DueWebhookDelivery) => {
    if (startedResponsive.delete(d.id)) {
      responsiveInFlight--;
      perEndpoint.release(d.endpointId);
      return;
    }
    sharedInFlight--;
    perOperator.release(d.operatorId);
    if (!d.failing) perEndpoint.release(d.endpointId);
    else {
      perFailingEndpoint.release(d.endpointId);
      failingPerOperator.release(d.operatorId);
    }
  };

  const send = (delivery: DueWebhookDelivery, claimed: ClaimedWebhookDelivery) => {
    responsive.started(delivery.id, delivery.endpointId);
    let delivered = false;
    let slotFree = false;
    const freeSlot = () => {
      if (slotFree) return;
      slotFree = true;
      release(delivery);
    };
    const done: Promise<void> = attemptWebhook(claimed, attempt)
      .then(async (record) => {
        delivered = record.outcome.delivered;
        responsive.ended(delivery.id, delivered);
        if (delivered) {
          // Delivered: its slot takes the endpoint's next delivery while this attempt is logged;
          // the delivery stays claimed until then, so nothing sends it twice. A failed attempt
          // keeps its slot until logged: the log is what marks its endpoint failing, and with
          // it the endpoint's slots down to FAILING_ENDPOINT_SLOTS.
          freeSlot();
          start();
        }
        await attemptLog.write(record);
        if (deliveryOutcome(record) === "failed")
          log.error({ deliveryId: claimed.id }, "webhook not delivered; given up");
      })
      .catch((error: unknown) => {
        log.error({ err: error, deliveryId: claimed.id }, "webhook attempt failed; it is retried after its lease");
      })
      .finally(() => {
        if (!delivered) responsive.ended(delivery.id, false);
        running.delete(done);
        freeSlot();
        // Logged: the next delivery of its subject may be due now.
        start();
      });
    running.add(done);
  };

  /**
   * Starts what is due and fits, and sets the wake-up for the next due time the read found
   * (wakeAt); returns whether reading again may start more: the read was cut
   * at its limit, or another worker claimed some of it first. Otherwise what it left out does
   * not fit until a delivery ends (which starts a pass), and what commits meanwhile is heard of.
   */
  async function startDue(): Promise<boolean> {
    const free = 2 * options.concurrency - running.size;
    if (free <= 0) return false;
    const now = options.now();
    const { due, nextAt } = await dueWebhookDeliveries(db, now, {
      limit: DUE_BATCH,
      perEndpoint: endpointCap,
      perOperator: operatorCap,
    });
    wakeAt(nextAt, now);
    const chosen: DueWebhookDelivery[] = [];
    for (const delivery of due) {
      if (chosen.length >= free) break;
      const asResponsive = !delivery.failing && responsive.isResponsive(delivery.endpointId);
      if (full(delivery, asResponsive)) continue;
      take(delivery, asResponsive);
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
    return claimed.length > 0 && (due.length === DUE_BATCH || claimed.length < chosen.length);
  }

  /**
   * Wakes the worker when the next delivery falls due (a retry, a coalesced availability change),
   * as the last read of what is due found it. A delivery written later is heard of through the
   * change log; a retry is written when its attempt is logged, and that attempt's end starts a
   * pass that reads again. With every slot taken nothing is read: an attempt ending starts the
   * next pass.
   */
  function wakeAt(next: Date | null, now: Date): void {
    clearTimeout(wake);
    if (next === null || stopped) return;
    wake = setTimeout(start, Math.max(10, next.getTime() - now.getTime())).unref();
  }

  async function pass(): Promise<void> {
    // Asked again meanwhile (a delivery ended, one was heard of): pass again, or that is lost.
    for (;;) {
      const seen = asked;
      while (!stopped && (await startDue()));
      if (stopped || asked === seen) return;
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
