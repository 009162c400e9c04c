import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { createWebhookEndpoint, deleteWebhookEndpoint } from "@slotwise/db";
import type { ApiProcess } from "@slotwise/testing/processes";

import { percentile } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";
import { bookingBodies, type CatalogueSlot } from "./booking.ts";

/** Partners booking at once while the lag is measured. */
const LAG_CONNECTIONS = 20;
/** How long the deliveries of one measurement may take before the bench stops waiting. */
const WAIT_MS = 60_000;

export interface WebhooksResult {
  /** Bookings answered 201 during the lag load, and how many of their booking.confirmed arrived. */
  booked: number;
  arrived: number;
  lag_p50_ms: number;
  lag_p95_ms: number;
  /** Events queued at once to the healthy endpoint (and to one that never answers), delivered per second. */
  queued: number;
  delivered: number;
  deliveries_per_s: number;
}

/** A local receiver: answers 200 at once, except on `/never`, which it never answers. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const counts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const at = performance.now();
      const path = request.url ?? "/";
      counts.set(path, (counts.get(path) ?? 0) + 1);
      if (path === "/never") {
        hanging.add(response);
        return;
      }
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { Data?: { Reference?: string } };
      const reference = event.Data?.Reference;
      if (reference !== undefined && !arrivals.has(`${path} ${reference}`)) arrivals.set(`${path} ${reference}`, at);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    arrivedAt: (path: string, reference: string) => arrivals.get(`${path} ${reference}`),
    count: (path: string) => counts.get(path) ?? 0,
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function waitFor(done: () => boolean): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Partner webhooks, sent by the stack's worker process. Lag: partners book for `seconds`
 * (LAG_CONNECTIONS at once); each 201's booking.confirmed is timed from the answer to its arrival
 * at a local receiver. Throughput: `queued` booking.confirmed events committed at once to a
 * healthy local endpoint and to one that never answers; delivered per second at the healthy one,
 * from the commit to the last arrival.
 */
export async function webhookDelivery(
  stack: BenchStack,
  api: ApiProcess,
  catalogue: CatalogueSlot[],
  seconds: number,
  queued: number,
): Promise<WebhooksResult> {
  const receiver = await startReceiver();
  // Each round measures one healthy and one dead endpoint: deleting its endpoints at the end
  // cancels what they still have pending, so the next round does not inherit their retries.
  const live = new Set<number>();
  const endpoint = async (path: string) => {
    const made = await createWebhookEndpoint(stack.db, {
      allowLoopback: true,
      operatorId: stack.operatorId,
      partnerSlug: "acme-travel",
      url: receiver.url(path),
      events: ["booking.confirmed"],
      now: new Date(),
    });
    live.add(made.endpoint.id);
    return made;
  };
  try {
    const lagEndpoint = await endpoint("/lag");
    const body = bookingBodies(catalogue, `BWH${Date.now()}`);
    const answered: { reference: string; at: number }[] = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: LAG_CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const response = await fetch(`${api.base}/api/v2/ota/acme-travel/booking`, {
            method: "POST",
            headers: { authorization: `Bearer ${stack.keys.ota}`, "content-type": "application/json" },
            body: body(),
          });
          const at = performance.now();
          const json = (await response.json()) as { data?: { Reference?: string } };
          if (response.status === 201 && json.data?.Reference) answered.push({ reference: json.data.Reference, at });
        }
      }),
    );
    await waitFor(() => answered.every((a) => receiver.arrivedAt("/lag", a.reference) !== undefined));
    const lags = answered.flatMap((a) => {
      const arrived = receiver.arrivedAt("/lag", a.reference);
      return arrived === undefined ? [] : [arrived - a.at];
    });
    lags.sort((a, b) => a - b);
    await deleteWebhookEndpoint(stack.db, lagEndpoint.endpoint.id, new Date(), stack.operatorId);
    live.delete(lagEndpoint.endpoint.id);

    await endpoint("/fast");
    await endpoint("/never");
    // booking.confirmed events as the booking trigger writes them, in one commit: the latest
    // bookings' rows, each under as many distinct booking ids as it takes (a booking's own events
    // go to an endpoint one after another, so one id each keeps the deliveries independent).
    const start = performance.now();
    const created = await stack.db.$executeRaw`
      SELECT slotwise_webhook_event(b.operator_id, NULL, 'booking.confirmed',
               jsonb_set(to_jsonb(b) - 'search_text' - 'n', '{id}', to_jsonb(-b.n))
                 || jsonb_build_object('activity_id', p.activity_id, 'time_zone', p.time_zone))
        FROM (SELECT latest.*, row_number() OVER () AS n
                FROM (SELECT * FROM bookings WHERE operator_id = ${stack.operatorId} AND status = 'CONFIRMED'
                       ORDER BY id DESC LIMIT 100) latest
               CROSS JOIN generate_series(1, ${Math.ceil(queued / 100)}) LIMIT ${queued}) b
        JOIN products p ON p.id = b.product_id`;
    if (created !== queued) throw new Error(`${created} events queued, not ${queued}`);
    await waitFor(() => receiver.count("/fast") >= queued);
    const elapsed = performance.now() - start;
    const delivered = receiver.count("/fast");
    return {
      booked: answered.length,
      arrived: lags.length,
      lag_p50_ms: percentile(lags, 50),
      lag_p95_ms: percentile(lags, 95),
      queued,
      delivered,
      deliveries_per_s: delivered / (elapsed / 1000),
    };
  } finally {
    for (const id of live) await deleteWebhookEndpoint(stack.db, id, new Date(), stack.operatorId);
    await receiver.stop();
  }
}
