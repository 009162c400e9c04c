import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { trpcClient } from "./trpc-client.ts";
import { until } from "./until.ts";
import { startReceiver } from "./webhook-receiver.ts";

let api: Api;
let worker: Worker;
const receiver = await startReceiver();

beforeAll(async () => {
  api = await startApi();
  worker = await startTestWorker(api, {
    // One sweep at start, then none within the test: only a notice of the change starts a delivery.
    intervalMs: 3_600_000,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

describe("the console's Redeliver", () => {
  it("sends the delivery again at once, without waiting for the worker's sweep", async () => {
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const { endpoint } = await desk.console.webhooks.create.mutate({
      partner: "acme-travel",
      url: receiver.url("/again"),
      events: ["booking.confirmed"],
    });
    const key = await api.key({ operator: "demo" });
    const booked = await api.request(`${OTA}/booking`, {
      method: "POST",
      key,
      json: bookingBody(await openSlot(api.db)),
    });
    expect(booked.status).toBe(201);
    const first = await until(() => receiver.at("/again")[0]);
    const delivered = await until(async () =>
      (await desk.console.webhooks.deliveries.query()).find(
        (d) => d.endpoint.id === endpoint.id && d.status === "delivered",
      ),
    );

    await desk.console.webhooks.redeliver.mutate({ deliveryId: delivered.id });
    const again = await until(() => receiver.at("/again")[1]);
    expect(again.body).toBe(first.body);
    // The receiver keeps a request before it answers; the attempt is logged once the answer is in.
    const redelivered = await until(async () =>
      (await desk.console.webhooks.deliveries.query()).find(
        (d) => d.id === delivered.id && d.status === "delivered" && d.attempts === 1,
      ),
    );
    expect(redelivered).toMatchObject({ status: "delivered", attempts: 1 });
  });
});
