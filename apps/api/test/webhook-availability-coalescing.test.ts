import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePlaces } from "@slotwise/core";
import { createWebhookEndpoint } from "@slotwise/db";

import type { Worker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { startTestWorker } from "./test-worker.ts";
import { trpcClient } from "./trpc-client.ts";
import { until } from "./until.ts";
import { startReceiver } from "./webhook-receiver.ts";

interface AvailabilityEvent {
  ID: string;
  Type: string;
  Data: { ActivityID: string; Date: string; Time: string; Available: number; Capacity: number; Sequence: number };
}
interface FeedAnswer {
  data: { Sequence: number; Date: string; Time: string; ActivityID: string }[];
  next: string;
}

let api: Api;
let worker: Worker;
let key: string;
const receiver = await startReceiver();

beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  worker = await startTestWorker(api, {
    // No sweep within the test: the commit's notice and the worker's wake-up deliver.
    intervalMs: 3_600_000,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

async function feed(cursor?: string): Promise<FeedAnswer> {
  const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
  const response = await api.request(`${OTA}/availability/changes${query}`, { key });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedAnswer;
}

describe("availability.changed coalesced per timeslot", () => {
  it("sends a burst of changes as at most one event a second, ending with the latest state and its Sequence", async () => {
    const demo = await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
    const { endpoint } = await createWebhookEndpoint(api.db, {
      allowLoopback: true,
      operatorId: demo.id,
      partnerSlug: "acme-travel",
      url: receiver.url("/availability"),
      events: ["availability.changed"],
      now: new Date(),
    });
    const start = await feed();
    const info = await openSlot(api.db, { free: 8 });
    const bookings = 6;
    for (let i = 0; i < bookings; i++) {
      const response = await api.request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info) });
      expect(response.status).toBe(201);
    }
    const ofSlot = (await feed(start.next)).data.filter((c) => c.Date === info.date && c.Time === info.time);
    expect(ofSlot).toHaveLength(bookings);
    const latest = ofSlot.at(-1)!.Sequence;
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });

    const received = () =>
      receiver
        .at("/availability")
        .map((r) => JSON.parse(r.body) as AvailabilityEvent)
        .filter((event) => event.Data.Date === info.date && event.Data.Time === info.time);
    await until(() => received().some((event) => event.Data.Sequence === latest), { ms: 15_000 });
    // Nothing more comes for the timeslot once its latest state has arrived.
    await new Promise((r) => setTimeout(r, 1_500));
    const events = received();

    expect(events.length).toBeLessThan(bookings);
    expect(events.at(-1)!.Data).toMatchObject({
      Sequence: latest,
      Available: freePlaces(slot),
      Capacity: slot.capacity,
    });
    const sequences = events.map((event) => event.Data.Sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));

    // Each one sent began (its first attempt, which the next is timed from) a second after the one before.
    const sent = await api.db.webhookDelivery.findMany({
      where: { endpointId: endpoint.id, subject: `timeslot:${slot.id}`, status: "DELIVERED" },
      orderBy: { id: "asc" },
    });
    expect(sent).toHaveLength(events.length);
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]!.retryFrom.getTime() - sent[i - 1]!.retryFrom.getTime()).toBeGreaterThanOrEqual(1_000);
    }

    // A superseded change is not sent again: it would arrive after, and older than, the latest.
    const superseded = await api.db.webhookDelivery.findFirstOrThrow({
      where: { endpointId: endpoint.id, subject: `timeslot:${slot.id}`, status: "CANCELLED" },
    });
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    await expect(desk.console.webhooks.redeliver.mutate({ deliveryId: superseded.id })).rejects.toMatchObject({
      data: { code: "CONFLICT" },
      message: expect.stringContaining("replaced by a later change") as string,
    });
    expect((await api.db.webhookDelivery.findUniqueOrThrow({ where: { id: superseded.id } })).status).toBe("CANCELLED");
  });
});
