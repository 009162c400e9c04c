import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { startReceiver } from "./webhook-receiver.ts";

let api: Api;
let worker: Worker;
const receiver = await startReceiver();

beforeAll(async () => {
  api = await startApi();
  worker = await startTestWorker(api, {
    intervalMs: 100,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

interface Delivered {
  Type: string;
  Data: { Reference: string; Participants: number; Status: string };
}

describe("a hold's booking events", () => {
  it("a hold changed before its confirmation sends booking.confirmed only, with the changed booking", async () => {
    const demo = await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
    await createWebhookEndpoint(api.db, {
      allowLoopback: true,
      operatorId: demo.id,
      partnerSlug: "acme-travel",
      url: receiver.url("/bookings"),
      events: ["booking.confirmed", "booking.changed"],
      now: new Date(),
    });
    const key = await api.key();
    const post = async (path: string, json?: unknown) => {
      const response = await api.request(`${OTA}${path}`, { method: "POST", key, ...(json ? { json } : {}) });
      expect(response.status, path).toBeLessThan(300);
      return ((await response.json()) as { data: { Reference: string; Participants: number } }).data;
    };
    const info = await openSlot(api.db, { free: 3 });
    const { Customer: customer, ...holdBody } = bookingBody(info, { HoldMinutes: 15 });
    const held = await post("/booking", holdBody);
    await post(`/booking/${held.Reference}/change`, { Participants: held.Participants + 1 });
    await post(`/booking/${held.Reference}/confirm`, { Customer: customer });

    const events = await api.db.webhookEvent.findMany({ orderBy: { id: "asc" } });
    const ofHold = events.filter((e) => (e.data as { reference?: string }).reference === held.Reference);
    expect(ofHold.map((e) => e.type)).toEqual(["booking.confirmed"]);

    const deadline = Date.now() + 20_000;
    while (receiver.at("/bookings").length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const received = receiver.at("/bookings").map((r) => JSON.parse(r.body) as Delivered);
    expect(received.map((e) => [e.Type, e.Data.Reference, e.Data.Participants, e.Data.Status])).toEqual([
      ["booking.confirmed", held.Reference, held.Participants + 1, "confirmed"],
    ]);
  });
});
