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
// `/held` keeps its first request unanswered until the worker's timeout; it answers the next ones.
const receiver = await startReceiver({ "/held": (n) => (n === 1 ? "silent" : 200) });

beforeAll(async () => {
  api = await startApi();
  worker = await startTestWorker(api, {
    // One sweep at start, then none within the test: only a notice of the change starts a delivery.
    intervalMs: 3_600_000,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookAllowLoopback: true,
    webhookTimeoutMs: 3_000,
  });
});
afterAll(async () => {
  await worker.stop();
});

/** A signed-in console, an endpoint of its operator at the receiver's `path`, and a partner booking it hears of. */
async function bookWithEndpoint(path: string) {
  const desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
  const { endpoint } = await desk.console.webhooks.create.mutate({
    partner: "acme-travel",
    url: receiver.url(path),
    events: ["booking.confirmed"],
  });
  const booked = await api.request(`${OTA}/booking`, {
    method: "POST",
    key: await api.key({ operator: "demo" }),
    json: bookingBody(await openSlot(api.db)),
  });
  expect(booked.status).toBe(201);
  return { desk, endpoint };
}

describe("the console's Redeliver", () => {
  it("sends the delivery again at once, without waiting for the worker's sweep", async () => {
    const { desk, endpoint } = await bookWithEndpoint("/again");
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

  it("refuses while an attempt is on its way, so the receiver never gets a second copy beside it", async () => {
    const { desk, endpoint } = await bookWithEndpoint("/held");
    await until(() => receiver.at("/held")[0]);
    const held = (await desk.console.webhooks.deliveries.query()).find((d) => d.endpoint.id === endpoint.id)!;
    for (let press = 0; press < 5; press++)
      await expect(desk.console.webhooks.redeliver.mutate({ deliveryId: held.id })).rejects.toMatchObject({
        data: { code: "CONFLICT" },
        message: expect.stringContaining("being sent now") as string,
      });
    // The held attempt times out and is retried once; then the delivery is done.
    await until(async () =>
      (await desk.console.webhooks.deliveries.query()).find((d) => d.id === held.id && d.status === "delivered"),
    );
    expect(receiver.at("/held")).toHaveLength(2);
    await desk.console.webhooks.redeliver.mutate({ deliveryId: held.id });
    await until(() => receiver.at("/held")[2]);
    expect(receiver.at("/held")).toHaveLength(3);
  });
});
