import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import { createMailer } from "../src/jobs/mailer.ts";
import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { METRICS_TOKEN, OTA, startApi, type Api } from "./harness.ts";
import { seriesValue } from "./prometheus-text.ts";
import { startSmtp } from "./smtp.ts";
import { startTestWorker } from "./test-worker.ts";
import { trpcClient } from "./trpc-client.ts";
import { until } from "./until.ts";
import { startReceiver } from "./webhook-receiver.ts";

const DAY_MS = 86_400_000;
let api: Api;
let acme: string;
let demoId: number;
let worker: Worker;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const receiver = await startReceiver({
  "/down": () => 503,
  "/deleted": () => 503,
  "/recovers": (n) => (n <= 2 ? 500 : 200),
});

beforeAll(async () => {
  api = await startApi();
  acme = await api.key();
  demoId = (await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  smtp = await startSmtp();
  worker = await startTestWorker(api, {
    mailer: createMailer(smtp.url, "Slotwise <notices@slotwise.test>"),
    intervalMs: 100,
    retentionIntervalMs: 200,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookTimeoutMs: 2_000,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

async function endpoint(path: string) {
  const { endpoint } = await createWebhookEndpoint(api.db, {
    allowLoopback: true,
    operatorId: demoId,
    partnerSlug: "acme-travel",
    url: receiver.url(path),
    events: ["booking.confirmed", "booking.cancelled"],
    now: new Date(),
  });
  return endpoint;
}

async function book(): Promise<string> {
  const info = await openSlot(api.db, { free: 1 });
  const response = await api.request(`${OTA}/booking`, { method: "POST", key: acme, json: bookingBody(info) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { Reference: string } }).data.Reference;
}

async function signedIn() {
  const desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
  return desk;
}

async function scrape(): Promise<string> {
  const response = await fetch(`${api.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

const deliveriesOf = (endpointId: number) =>
  api.db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" } });

describe("a webhook endpoint's lifecycle", () => {
  it("deleting an endpoint cancels its pending deliveries; nothing more is sent to it", async () => {
    const desk = await signedIn();
    const target = await endpoint("/deleted");
    for (let i = 0; i < 3; i++) await book();
    // Each has been tried and failed, and waits for its retry.
    await until(async () => (await deliveriesOf(target.id)).every((d) => d.attempts > 0));
    expect((await deliveriesOf(target.id)).map((d) => d.status)).toEqual(["PENDING", "PENDING", "PENDING"]);
    const before = await scrape();

    expect(await desk.console.webhooks.delete.mutate({ id: target.id })).toEqual({
      id: target.id,
      cancelledDeliveries: 3,
    });

    expect((await deliveriesOf(target.id)).map((d) => d.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED"]);
    const logged = (await desk.console.webhooks.deliveries.query()).filter((d) => d.endpoint.id === target.id);
    expect(logged.map((d) => [d.status, d.nextAttemptAt])).toEqual([
      ["cancelled", null],
      ["cancelled", null],
      ["cancelled", null],
    ]);
    const sent = receiver.at("/deleted").length;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.at("/deleted")).toHaveLength(sent);

    const after = await scrape();
    expect(seriesValue(after, "slotwise_webhook_deliveries", { outcome: "cancelled" })).toBe(
      seriesValue(before, "slotwise_webhook_deliveries", { outcome: "cancelled" }) + 3,
    );
    expect(seriesValue(after, "slotwise_webhook_deliveries", { outcome: "pending" })).toBe(
      seriesValue(before, "slotwise_webhook_deliveries", { outcome: "pending" }) - 3,
    );
  });

  it("an endpoint failing every attempt for 3 days is disabled, its operator told by e-mail once", async () => {
    const desk = await signedIn();
    const failing = await endpoint("/down");
    await book();
    const firstFailure = await until(() =>
      api.db.webhookAttempt.findFirst({ where: { delivery: { endpointId: failing.id } }, orderBy: { id: "asc" } }),
    );
    const stored = await api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: failing.id } });
    expect(stored.failingSince).toEqual(firstFailure.at);
    expect((await desk.console.webhooks.list.query()).find((e) => e.id === failing.id)).toMatchObject({
      failingSince: firstFailure.at.toISOString(),
      disabledAt: null,
    });

    // Time passing, as far as the endpoint is concerned: two days of failures are not enough.
    const failingFor = (ms: number) =>
      api.db.webhookEndpoint.update({ where: { id: failing.id }, data: { failingSince: new Date(Date.now() - ms) } });
    await failingFor(2 * DAY_MS);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: failing.id } })).disabledAt).toBeNull();

    const since = (await failingFor(3 * DAY_MS + 60_000)).failingSince!;
    const disabled = await until(async () => {
      const row = await api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: failing.id } });
      return row.disabledAt ? row : null;
    });
    expect((await deliveriesOf(failing.id)).map((d) => d.status)).toEqual(["CANCELLED"]);

    const mail = await until(() =>
      smtp.received.find((m) => m.raw.includes(`Webhook endpoint disabled: ${failing.url}`)),
    );
    const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/\r?\n /g, " ");
    expect(unfolded).toMatch(/^To: demo@example\.com$/m);
    expect(unfolded).toContain(`has failed every delivery attempt since ${since.toISOString()}`);
    expect(unfolded).toContain("Its last error: HTTP 503");
    const listed = (await desk.console.webhooks.list.query()).find((e) => e.id === failing.id);
    expect(listed).toMatchObject({ disabledAt: disabled.disabledAt!.toISOString() });

    // Disabled: new events are not recorded for it, and the operator is told once.
    const attempts = receiver.at("/down").length;
    await book();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await deliveriesOf(failing.id)).toHaveLength(1);
    expect(receiver.at("/down")).toHaveLength(attempts);
    expect(smtp.received.filter((m) => m.raw.includes(`Webhook endpoint disabled: ${failing.url}`))).toHaveLength(1);
    expect(
      await api.db.outboxEmail.findMany({ where: { kind: "WEBHOOK_DISABLED" }, select: { status: true } }),
    ).toEqual([{ status: "SENT" }]);
  });

  it("a delivered attempt ends the endpoint's failing spell", async () => {
    const recovering = await endpoint("/recovers");
    await book();
    await until(async () => (await deliveriesOf(recovering.id))[0]?.status === "DELIVERED");
    const attempts = await api.db.webhookAttempt.findMany({
      where: { delivery: { endpointId: recovering.id } },
      orderBy: { id: "asc" },
    });
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    const row = await api.db.webhookEndpoint.findUniqueOrThrow({ where: { id: recovering.id } });
    expect(row).toMatchObject({ failingSince: null, disabledAt: null });
  });

  it("the worker deletes events and attempts older than 30 days; newer ones stay", async () => {
    const kept = await endpoint("/kept");
    await book();
    await book();
    const delivered = await until(async () => {
      const rows = await deliveriesOf(kept.id);
      return rows.length === 2 && rows.every((d) => d.status === "DELIVERED") ? rows : null;
    });
    const [old, fresh] = delivered as [(typeof delivered)[number], (typeof delivered)[number]];
    const longAgo = new Date(Date.now() - 31 * DAY_MS);
    await api.db.webhookEvent.update({ where: { id: old.eventId }, data: { createdAt: longAgo } });
    await api.db.webhookAttempt.updateMany({ where: { deliveryId: old.id }, data: { at: longAgo } });

    await until(async () => (await api.db.webhookEvent.count({ where: { id: old.eventId } })) === 0);
    expect(await api.db.webhookDelivery.count({ where: { id: old.id } })).toBe(0);
    expect(await api.db.webhookAttempt.count({ where: { deliveryId: old.id } })).toBe(0);
    expect(await api.db.webhookEvent.count({ where: { id: fresh.eventId } })).toBe(1);
    expect(await api.db.webhookAttempt.count({ where: { deliveryId: fresh.id } })).toBe(1);
  });
});
