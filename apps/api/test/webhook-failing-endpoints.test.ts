import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { until } from "./until.ts";
import { startReceiver, type Behaviour } from "./webhook-receiver.ts";

const HANGING = ["/dead-1", "/dead-2", "/dead-3", "/dead-4", "/dead-5", "/dead-6"];
/** Receivers that never answer at all: their endpoints are not failing until an attempt times out. */
const SILENT = ["/silent-1", "/silent-2"];
const RECEIVER_TIMEOUT_MS = 15_000;
let api: Api;
let worker: Worker;
// Each dead receiver answers its first request 500 (its endpoint is failing from then on) and never
// answers again.
const dead: Behaviour = (n) => (n === 1 ? 500 : "silent");
const receiver = await startReceiver({
  ...Object.fromEntries(HANGING.map((path) => [path, dead])),
  ...Object.fromEntries(SILENT.map((path): [string, Behaviour] => [path, () => "silent"])),
});

beforeAll(async () => {
  api = await startApi();
  worker = await startTestWorker(api, {
    // One sweep at start, then none within the test: commits and retries start deliveries.
    intervalMs: 3_600_000,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 600_000 },
    webhookTimeoutMs: RECEIVER_TIMEOUT_MS,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

async function endpoint(path: string) {
  const { id } = await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
  await createWebhookEndpoint(api.db, {
    allowLoopback: true,
    operatorId: id,
    partnerSlug: "acme-travel",
    url: receiver.url(path),
    events: ["booking.confirmed"],
    now: new Date(),
  });
}

async function book(key: string) {
  const info = await openSlot(api.db, { operator: "demo", free: 1 });
  const response = await api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { Reference: string } }).data.Reference;
}

/** The booking event of `reference` as a receiver path got it, once it has. */
const arrival = (path: string, reference: string) =>
  until(
    () =>
      receiver
        .at(path)
        .find((r) => (JSON.parse(r.body) as { Data: { Reference: string } }).Data.Reference === reference),
    { ms: 30_000, everyMs: 20 },
  );

describe("webhook delivery between one operator's endpoints", () => {
  it("delivers to an endpoint that answers quickly while the operator's share is held by receivers that never answer", async () => {
    const key = await api.key({ operator: "demo" });
    await endpoint("/quick");
    await arrival("/quick", await book(key));
    for (const path of SILENT) await endpoint(path);
    // Sixteen deliveries that are never answered: each silent endpoint holds its 8 slots, the
    // operator's whole share, until the receiver timeout; neither endpoint is failing yet.
    for (let i = 0; i < 8; i++) await book(key);
    await until(() => SILENT.every((path) => receiver.at(path).length >= 8), { ms: 30_000, everyMs: 20 });
    const reference = await book(key);
    const delivered = await arrival("/quick", reference);
    const firstTimeout = Math.min(
      ...SILENT.flatMap((path) => receiver.at(path).map((r) => r.at + RECEIVER_TIMEOUT_MS)),
    );
    expect(delivered.at).toBeLessThan(firstTimeout);
  });

  it("delivers to a healthy endpoint while the same operator's failing endpoints hang", async () => {
    for (const path of HANGING) await endpoint(path);
    const key = await api.key({ operator: "demo" });
    await book(key);
    await until(
      async () =>
        (await api.db.webhookEndpoint.findMany({ where: { url: { in: HANGING.map(receiver.url) } } })).every(
          (e) => e.failingSince !== null,
        ),
      { ms: 30_000, everyMs: 50 },
    );
    // Forty-two more deliveries to receivers that never answer now: far more than the operator's
    // share of slots; every dead endpoint is being tried when the healthy one's event is due.
    for (let i = 0; i < 7; i++) await book(key);
    await until(() => HANGING.every((path) => receiver.at(path).length >= 2), { ms: 30_000, everyMs: 20 });
    await endpoint("/healthy");
    const reference = await book(key);
    const booked = Date.now();
    const delivered = await until(
      () =>
        receiver
          .at("/healthy")
          .find((r) => (JSON.parse(r.body) as { Data: { Reference: string } }).Data.Reference === reference),
      { ms: 30_000, everyMs: 20 },
    );
    const hangingWhenBooked = HANGING.flatMap((path) => receiver.at(path).slice(1)).filter(
      (r) => r.at <= booked && r.at + RECEIVER_TIMEOUT_MS > booked,
    );
    // Dead endpoints were being tried when the booking was made, and it arrived before any of
    // those attempts had timed out and given its slot back.
    expect(hangingWhenBooked.length).toBeGreaterThan(0);
    expect(delivered.at).toBeLessThan(Math.min(...hangingWhenBooked.map((r) => r.at + RECEIVER_TIMEOUT_MS)));
  });
});
