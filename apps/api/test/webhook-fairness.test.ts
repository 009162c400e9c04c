import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { until } from "./until.ts";
import { startReceiver } from "./webhook-receiver.ts";

/** Close polling: the arrival time itself is what this file measures. */
const POLL = { ms: 30_000, everyMs: 20 };

const HANGING = ["/a-1", "/a-2", "/a-3", "/a-4", "/a-5", "/a-6"];
let api: Api;
let worker: Worker;
const receiver = await startReceiver(Object.fromEntries(HANGING.map((path) => [path, () => "silent" as const])));

beforeAll(async () => {
  api = await startApi();
  // The production defaults: eight slots, 10 s for a receiver to answer, a sweep every 2 s.
  worker = await startTestWorker(api, {
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
    events: ["booking.confirmed"],
    now: new Date(),
  });
}

async function book(operator: string, key: string) {
  const info = await openSlot(api.db, { operator, free: 1 });
  const response = await api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { Reference: string } }).data.Reference;
}

describe("webhook delivery shared between operators", () => {
  it("one operator's hanging endpoints do not hold back another operator's deliveries", async () => {
    for (const path of HANGING) await endpoint("demo", path);
    await endpoint("harbour", "/b");
    const demoKey = await api.key({ operator: "demo" });
    const harbourKey = await api.key({ operator: "harbour" });

    // Twelve deliveries to six receivers that never answer, more than the worker has slots.
    await book("demo", demoKey);
    await book("demo", demoKey);
    await until(() => HANGING.filter((p) => receiver.at(p).length > 0).length >= 2, POLL);

    const booked = Date.now();
    const reference = await book("harbour", harbourKey);
    const arrived = await until(
      () =>
        receiver
          .at("/b")
          .find((r) => (JSON.parse(r.body) as { Data: { Reference: string } }).Data.Reference === reference),
      POLL,
    );
    // A sweep every 2 s, then a free slot at once: far below the 10 s a hanging attempt holds one.
    expect(arrived.at - booked).toBeLessThan(5_000);
  });
});
