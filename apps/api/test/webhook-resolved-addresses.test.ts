import type { LookupAddress } from "node:dns";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { until } from "./until.ts";
import { startReceiver } from "./webhook-receiver.ts";

// The worker's own lookup seam, answered by the test instead of DNS: what each name resolves
// to right now, and every name the connections asked about.
const answers = new Map<string, LookupAddress[]>();
const asked: string[] = [];
const resolve = (hostname: string) => {
  asked.push(hostname);
  const found = answers.get(hostname);
  return found
    ? Promise.resolve(found)
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
};

let api: Api;
let acme: string;
let demoId: number;
let worker: Worker;
// Each answer closes its connection, so each delivery connects (and looks its name up) afresh.
const receiver = await startReceiver({ "/moved": () => 302 }, { closeConnections: true });

beforeAll(async () => {
  api = await startApi();
  acme = await api.key();
  demoId = (await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  worker = await startTestWorker(api, {
    intervalMs: 100,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookTimeoutMs: 2_000,
    webhookAllowLoopback: true,
    webhookResolve: resolve,
  });
});
afterAll(async () => {
  await worker.stop();
});

async function endpoint(url: string, allowLoopback: boolean) {
  const { endpoint } = await createWebhookEndpoint(api.db, {
    allowLoopback,
    operatorId: demoId,
    partnerSlug: "acme-travel",
    url,
    events: ["booking.confirmed", "booking.cancelled"],
    now: new Date(),
  });
  return endpoint.id;
}

async function book(): Promise<string> {
  const info = await openSlot(api.db, { free: 1 });
  const response = await api.request(`${OTA}/booking`, { method: "POST", key: acme, json: bookingBody(info) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { Reference: string } }).data.Reference;
}

/** The first attempt logged for an event of `type` to endpoint `endpointId`. */
function firstAttempt(endpointId: number, type: string) {
  return until(() =>
    api.db.webhookAttempt.findFirst({
      where: { delivery: { endpointId, event: { type } } },
      orderBy: { id: "asc" },
    }),
  );
}

describe("webhook addresses checked as the worker connects", () => {
  it("refuse a name that resolves to an IPv4-mapped private address", async () => {
    answers.set("hooks.mapped.example", [{ address: "::ffff:10.0.0.1", family: 6 }]);
    // Saved under production rules: a public-looking https name passes the URL check.
    const id = await endpoint("https://hooks.mapped.example/in", false);
    await book();

    const attempt = await firstAttempt(id, "booking.confirmed");
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBe(
      "fetch failed: hooks.mapped.example resolves to ::ffff:10.0.0.1, a private network address",
    );
    expect(asked).toContain("hooks.mapped.example");
  });

  it("refuse a name rebound to a private address after its endpoint was saved and used", async () => {
    const host = "hooks.rebound.localhost";
    answers.set(host, [{ address: "127.0.0.1", family: 4 }]);
    const url = receiver.url("/rebound").replace("127.0.0.1", host);
    const id = await endpoint(url, true);

    const reference = await book();
    await until(() => receiver.at("/rebound").length === 1);
    expect(JSON.parse(receiver.at("/rebound")[0]?.body ?? "{}")).toMatchObject({
      Type: "booking.confirmed",
      Data: { Reference: reference },
    });

    // Every address of the answer is checked: an allowed one beside a private one does not pass.
    answers.set(host, [
      { address: "127.0.0.1", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ]);
    const cancelled = await api.request(`${OTA}/booking/${reference}/cancel`, { method: "POST", key: acme });
    expect(cancelled.status).toBe(200);

    const attempt = await firstAttempt(id, "booking.cancelled");
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBe(`fetch failed: ${host} resolves to 10.0.0.7, a private network address`);
    expect(receiver.at("/rebound")).toHaveLength(1);
  });

  it("follow no redirect: a 3xx is a failed attempt and its target is never asked", async () => {
    const id = await endpoint(receiver.url("/moved"), true);
    await book();

    const attempt = await firstAttempt(id, "booking.confirmed");
    expect(attempt.statusCode).toBe(302);
    expect(attempt.error).toBe("HTTP 302: not now");
    const delivery = await api.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery.status).toBe("PENDING");
    expect(receiver.at("/moved").length).toBeGreaterThanOrEqual(1);
    expect(receiver.at("/redirected/moved")).toEqual([]);
  });
});
