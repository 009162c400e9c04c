import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { until } from "./until.ts";
import { startReceiver, type Received } from "./webhook-receiver.ts";

const HANGING = ["/hang-1", "/hang-2", "/hang-3", "/hang-4", "/hang-5", "/hang-6"];
const RECEIVER_TIMEOUT_MS = 5_000;
let api: Api;
let worker: Worker;
const receiver = await startReceiver({
  // Every other attempt fails: a failed one is retried while the booking's next event is due.
  "/first-fails": (n) => (n % 2 === 1 ? 500 : 200),
  ...Object.fromEntries(HANGING.map((path) => [path, () => "silent" as const])),
});

beforeAll(async () => {
  api = await startApi();
  worker = await startTestWorker(api, {
    // One sweep at start, then none within the test: only the commit's notice starts a delivery.
    intervalMs: 3_600_000,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookTimeoutMs: RECEIVER_TIMEOUT_MS,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

async function endpoint(operator: string, path: string) {
  const { id } = await api.db.operator.findUniqueOrThrow({ where: { slug: operator } });
  await createWebhookEndpoint(api.db, {
    allowLoopback: true,
    operatorId: id,
    partnerSlug: "acme-travel",
    url: receiver.url(path),
    events: ["booking.confirmed", "booking.cancelled"],
    now: new Date(),
  });
}

async function book(operator: string, key: string) {
  const info = await openSlot(api.db, { operator, free: 1 });
  const response = await api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { Reference: string } }).data.Reference;
}

const about = (r: Received) => JSON.parse(r.body) as { Type: string; Data: { Reference: string } };
const arrived = (path: string, type: string, reference: string) =>
  receiver.at(path).find((r) => about(r).Type === type && about(r).Data.Reference === reference);

describe("webhook delivery starts at commit", () => {
  it("delivers a booking's event with no sweep after the booking", async () => {
    await endpoint("demo", "/at-commit");
    const key = await api.key({ operator: "demo" });
    const reference = await book("demo", key);
    await until(() => arrived("/at-commit", "booking.confirmed", reference), { ms: 10_000, everyMs: 20 });
  });

  it("sends a booking's events to an endpoint in the order they happened, retries included", async () => {
    await endpoint("demo", "/first-fails");
    const key = await api.key({ operator: "demo" });
    const references: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reference = await book("demo", key);
      const cancelled = await api.request(`${OTA}/booking/${reference}/cancel`, { method: "POST", key });
      expect(cancelled.status).toBe(200);
      references.push(reference);
    }
    await until(() => references.every((r) => arrived("/first-fails", "booking.cancelled", r)), { ms: 30_000 });
    // The receiver answers its odd-numbered requests 500, its even-numbered ones 200.
    const requests = receiver.at("/first-fails").map((r, i) => ({ ...about(r), answered: i % 2 === 1 }));
    expect(requests.some((r) => r.Type === "booking.confirmed" && !r.answered)).toBe(true);
    for (const reference of references) {
      const ofBooking = requests.filter((r) => r.Data.Reference === reference);
      const confirmed = ofBooking.findIndex((r) => r.Type === "booking.confirmed" && r.answered);
      const firstCancel = ofBooking.findIndex((r) => r.Type === "booking.cancelled");
      // A cancellation is sent only once the confirmation has been delivered, however often it failed.
      expect(confirmed).toBeGreaterThanOrEqual(0);
      expect(firstCancel).toBeGreaterThan(confirmed);
    }
  });

  it("delivers to another operator's endpoint while one operator's endpoints hang", async () => {
    for (const path of HANGING) await endpoint("demo", path);
    await endpoint("harbour", "/harbour");
    const demoKey = await api.key({ operator: "demo" });
    const harbourKey = await api.key({ operator: "harbour" });
    // Twenty-four deliveries to receivers that never answer: more than one operator's share of slots.
    for (let i = 0; i < 4; i++) await book("demo", demoKey);
    await until(() => HANGING.every((path) => receiver.at(path).length > 0), { ms: 10_000, everyMs: 20 });
    const firstHanging = Math.min(...HANGING.map((path) => receiver.at(path)[0]?.at ?? Infinity));

    const reference = await book("harbour", harbourKey);
    const delivered = await until(() => arrived("/harbour", "booking.confirmed", reference), {
      ms: 20_000,
      everyMs: 20,
    });
    // Before any hanging attempt has timed out and given its slot back.
    expect(delivered.at).toBeLessThan(firstHanging + RECEIVER_TIMEOUT_MS);
  });
});
