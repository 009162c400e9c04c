import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_WEBHOOK_ENDPOINTS } from "@slotwise/core";
import { createWebhookEndpoint } from "@slotwise/db";
import { seal } from "@slotwise/db/testing";

import { createMailer } from "../src/jobs/mailer.ts";
import { startWorker, type Worker } from "../src/jobs/worker.ts";
import { verifySignature } from "../src/webhooks/signature.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";
import { until } from "./until.ts";
import { startReceiver, type Received } from "./webhook-receiver.ts";

interface BookingView {
  Reference: string;
  Status: string;
  Participants: number;
}
interface Delivered {
  ID: string;
  Type: string;
  Created: number;
  Data: Record<string, unknown>;
}

const RECEIVER_TIMEOUT_MS = 2_000;
let api: Api;
let acme: string;
let worker: Worker;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let demoId: number;

beforeAll(async () => {
  api = await startApi();
  acme = await api.key();
  demoId = (await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } })).id;
  receiver = await startReceiver({
    "/flaky": (n) => (n <= 3 ? 500 : 200),
    "/silent": () => "silent",
    "/down": () => 503,
  });
  const quiet = { info: () => undefined, error: () => undefined };
  worker = await startWorker({
    db: seal(api.db),
    databaseUrl: api.databaseUrl,
    mailer: createMailer(undefined, "Test <t@slotwise.test>"),
    now: () => new Date(),
    log: quiet,
    intervalMs: 100,
    webhookRetry: { firstDelayMs: 200, giveUpAfterMs: 60_000 },
    webhookTimeoutMs: RECEIVER_TIMEOUT_MS,
    webhookAllowLoopback: true,
  });
});
afterAll(async () => {
  await worker.stop();
});

/** An endpoint of the demo operator, for `partner`, at `path` of the receiver; returns its secret. */
async function endpoint(path: string, events?: string[], partner = "acme-travel") {
  const { secret } = await createWebhookEndpoint(api.db, {
    allowLoopback: true,
    operatorId: demoId,
    partnerSlug: partner,
    url: receiver.url(path),
    events,
    now: new Date(),
  });
  return secret;
}

const post = (path: string, body?: unknown, key = acme) =>
  api.request(`${OTA}${path}`, { method: "POST", key, ...(body === undefined ? {} : { json: body }) });
const read = async (response: Response) => ((await response.json()) as { data: BookingView }).data;
const current = async (reference: string) => read(await api.request(`${OTA}/booking/${reference}`, { key: acme }));
const parsed = (r: Received) => JSON.parse(r.body) as Delivered;

/** The event of `type` about booking `reference` that reached `path`, once it has. */
function arrival(path: string, type: string, reference: string) {
  return until(() =>
    receiver.at(path).find((r) => {
      const body = parsed(r);
      return body.Type === type && body.Data.Reference === reference;
    }),
  );
}

function expectSigned(request: Received, secret: string) {
  const body = parsed(request);
  expect(request.headers["content-type"]).toBe("application/json");
  expect(request.headers["slotwise-event-id"]).toBe(body.ID);
  expect(body.ID).toMatch(/^evt_[0-9a-f]{32}$/);
  const signature = request.headers["slotwise-signature"] as string;
  expect(verifySignature(secret, signature, request.body, new Date())).toEqual({ ok: true });
  expect(verifySignature("whsec_not-the-secret", signature, request.body, new Date()).ok).toBe(false);
}

/**
 * A booking as webhooks carry it: without its tickets, whose codes admit guests and are read
 * with the booking (docs/decisions/orders-and-tickets.md).
 */
function withoutTickets(booking: unknown): unknown {
  const { Tickets: _tickets, CheckedIn: _checkedIn, ...rest } = booking as Record<string, unknown>;
  return rest;
}

describe("webhooks to partners", () => {
  it("send every event type, signed, with the booking as GET shows it at the event", async () => {
    const secret = await endpoint("/all");
    const info = await openSlot(api.db, { free: 4 });

    const booked = await read(await post("/booking", bookingBody(info)));
    const confirmed = await arrival("/all", "booking.confirmed", booked.Reference);
    expectSigned(confirmed, secret);
    expect(parsed(confirmed).Data).toEqual(withoutTickets(await current(booked.Reference)));

    const changed = await read(
      await post(`/booking/${booked.Reference}/change`, { Participants: booked.Participants + 1 }),
    );
    const change = await arrival("/all", "booking.changed", booked.Reference);
    expectSigned(change, secret);
    expect(parsed(change).Data).toEqual(withoutTickets(changed));

    const cancelled = await read(await post(`/booking/${booked.Reference}/cancel`));
    const cancel = await arrival("/all", "booking.cancelled", booked.Reference);
    expectSigned(cancel, secret);
    expect(parsed(cancel).Data).toEqual(withoutTickets(cancelled));

    const { Customer: _customer, ...holdBody } = bookingBody(info, { HoldMinutes: 15 });
    const held = await read(await post("/booking", holdBody));
    const confirmedHold = await read(
      await post(`/booking/${held.Reference}/confirm`, { Customer: bookingBody(info).Customer }),
    );
    const confirmation = await arrival("/all", "booking.confirmed", held.Reference);
    expectSigned(confirmation, secret);
    expect(parsed(confirmation).Data).toEqual(withoutTickets(confirmedHold));

    const lapsing = await read(await post("/booking", holdBody));
    // Time passing, as far as the hold is concerned: the worker's sweep expires it.
    await api.db.booking.update({
      where: { reference: lapsing.Reference },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const expiry = await arrival("/all", "booking.expired", lapsing.Reference);
    expectSigned(expiry, secret);
    expect(parsed(expiry).Data).toEqual(withoutTickets(await current(lapsing.Reference)));
    expect(parsed(expiry).Data.Status).toBe("expired");

    const availability = receiver
      .at("/all")
      .map(parsed)
      .filter((e) => e.Type === "availability.changed");
    // Coalesced per timeslot (at most one a second), so fewer than the changes: at least one.
    expect(availability.length).toBeGreaterThanOrEqual(1);
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    const last = await until(() =>
      receiver
        .at("/all")
        .map(parsed)
        .find((e) => e.Type === "availability.changed" && e.Data.Available === slot.capacity - slot.placesTaken),
    );
    expect(last.Data).toEqual({
      ActivityID: info.product.activityId,
      Date: info.date,
      Time: info.time,
      Available: slot.capacity - slot.placesTaken,
      Capacity: slot.capacity,
      Closed: false,
      Sequence: expect.any(Number) as unknown,
    });
    const ids = receiver.at("/all").map((r) => parsed(r).ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("send a partner only its own bookings' events, and only the types it asked for", async () => {
    await endpoint("/acme-cancellations", ["booking.cancelled"]);
    await endpoint("/globetrek-availability", ["availability.changed"], "globetrek");
    const info = await openSlot(api.db, { free: 2 });
    const globetrek = await api.key({ partner: "globetrek" });
    const theirs = await read(
      await api.request("/api/v2/ota/globetrek/booking", { method: "POST", key: globetrek, json: bookingBody(info) }),
    );
    await api.request(`/api/v2/ota/globetrek/booking/${theirs.Reference}/cancel`, { method: "POST", key: globetrek });
    const ours = await read(await post("/booking", bookingBody(info)));
    await post(`/booking/${ours.Reference}/cancel`);

    await arrival("/acme-cancellations", "booking.cancelled", ours.Reference);
    // Four changes of the timeslot, coalesced: the last event carries its final state.
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    const slotEvents = await until(() => {
      const events = receiver.at("/globetrek-availability").map(parsed);
      return events.some((e) => e.Data.Available === slot.capacity - slot.placesTaken) ? events : null;
    });
    expect(slotEvents.every((e) => e.Type === "availability.changed")).toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.at("/acme-cancellations").map((r) => [parsed(r).Type, parsed(r).Data.Reference])).toEqual([
      ["booking.cancelled", ours.Reference],
    ]);
  });

  it("retry a receiver that fails with growing delays until it answers, with the same ID and body each time", async () => {
    const secret = await endpoint("/flaky", ["booking.cancelled"]);
    const booked = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    await post(`/booking/${booked.Reference}/cancel`);
    const attempts = await until(() => (receiver.at("/flaky").length >= 4 ? receiver.at("/flaky") : null));
    for (const attempt of attempts) expectSigned(attempt, secret);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    expect(new Set(attempts.map((a) => a.headers["slotwise-event-id"])).size).toBe(1);
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(200);
    expect(gaps[1]).toBeGreaterThanOrEqual(400);
    expect(gaps[2]).toBeGreaterThanOrEqual(800);

    const delivery = await until(async () => {
      const found = await api.db.webhookDelivery.findFirst({
        where: {
          event: { publicId: parsed(attempts[0]!).ID },
          endpoint: { url: receiver.url("/flaky") },
          status: "DELIVERED",
        },
        include: { log: { orderBy: { id: "asc" } } },
      });
      return found;
    });
    expect(delivery.attempts).toBe(4);
    expect(delivery.log.map((l) => l.statusCode)).toEqual([500, 500, 500, 200]);
    expect(delivery.log[0]!.error).toBe("HTTP 500: not now");
    expect(delivery.log[3]!.error).toBeNull();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.at("/flaky")).toHaveLength(4);
  });

  it("give up on a receiver that keeps failing once the retry window has passed, and mark the delivery failed", async () => {
    await endpoint("/down", ["booking.cancelled"]);
    const booked = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    await post(`/booking/${booked.Reference}/cancel`);
    const where = { endpoint: { url: receiver.url("/down") } };
    await until(() => receiver.at("/down").length >= 2);
    // The window of this test's worker is a minute: the delivery is made older than that.
    await api.db.webhookDelivery.updateMany({ where, data: { retryFrom: new Date(Date.now() - 61_000) } });
    const failed = await until(() => api.db.webhookDelivery.findFirst({ where: { ...where, status: "FAILED" } }));
    expect(failed.lastError).toBe("HTTP 503: not now");
    expect(await api.db.webhookAttempt.count({ where: { delivery: where } })).toBe(failed.attempts);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.at("/down")).toHaveLength(failed.attempts);
  });

  it("never slow a booking down, even with a receiver that never answers", async () => {
    const info = await openSlot(api.db, { free: 20 });
    const latency = async () => {
      const started = performance.now();
      const response = await post("/booking", bookingBody(info));
      expect(response.status).toBe(201);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const measure = async () => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) times.push(await latency());
      return median(times);
    };
    await latency();
    const without = await measure();
    await endpoint("/silent");
    await latency();
    await until(() => receiver.at("/silent").length > 0);
    const withSilent = await measure();
    // The worker is meanwhile waiting on the silent receiver, RECEIVER_TIMEOUT_MS an attempt.
    expect(receiver.at("/silent").length).toBeGreaterThan(1);
    expect(withSilent).toBeLessThan(Math.max(without * 3, without + 100));
    expect(withSilent).toBeLessThan(RECEIVER_TIMEOUT_MS / 4);

    const timedOut = await until(() =>
      api.db.webhookAttempt.findFirst({ where: { delivery: { endpoint: { url: receiver.url("/silent") } } } }),
    );
    expect(timedOut).toMatchObject({ statusCode: null, error: `no answer within ${RECEIVER_TIMEOUT_MS / 1000} s` });
    expect(timedOut.durationMs).toBeGreaterThanOrEqual(RECEIVER_TIMEOUT_MS - 50);

    // Nor does it keep another partner endpoint waiting: it only ever has two of the worker's slots.
    await endpoint("/healthy", ["booking.cancelled"]);
    const booked = await read(await post("/booking", bookingBody(info)));
    const cancelledAt = Date.now();
    await post(`/booking/${booked.Reference}/cancel`);
    const prompt = await arrival("/healthy", "booking.cancelled", booked.Reference);
    expect(prompt.at - cancelledAt).toBeLessThan(RECEIVER_TIMEOUT_MS);
  });

  it("tell of a timeslot's changes only the partners that may sell its activity", async () => {
    await endpoint("/acme-distributed", ["availability.changed"]);
    await endpoint("/globetrek-distributed", ["availability.changed"], "globetrek");
    const info = await openSlot(api.db, { free: 1 });
    await api.db.product.update({
      where: { id: info.product.id },
      data: { allPartners: false, partnerSlugs: ["acme-travel"] },
    });
    try {
      // Earlier tests may have told other endpoints of this timeslot: only this change counts.
      const rows = await api.db.$queryRaw<
        { last: number }[]
      >`SELECT COALESCE(MAX(id), 0)::int AS last FROM webhook_events`;
      const last = rows[0]?.last ?? 0;
      await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.capacity + 1 } });
      const told = await api.db.$queryRaw<{ slug: string }[]>`
        SELECT DISTINCT p.slug
          FROM webhook_deliveries d
          JOIN webhook_events e ON e.id = d.event_id
          JOIN webhook_endpoints w ON w.id = d.endpoint_id
          JOIN partners p ON p.id = w.partner_id
         WHERE e.type = 'availability.changed' AND (e.data->>'timeslot_id')::int = ${info.slot.id}
           AND e.id > ${last}`;
      expect(told.map((row) => row.slug)).toEqual(["acme-travel"]);
      const heard = await until(() =>
        receiver
          .at("/acme-distributed")
          .map(parsed)
          .find((e) => e.Type === "availability.changed" && e.Data.Capacity === info.slot.capacity + 1),
      );
      expect(heard.Data.ActivityID).toBe(info.product.activityId);
    } finally {
      await api.db.product.update({ where: { id: info.product.id }, data: { allPartners: true, partnerSlugs: [] } });
    }
  });

  it("send nothing for a change that rolls back", async () => {
    await endpoint("/rolled-back");
    const booked = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    const before = await api.db.webhookEvent.count();
    let recordedInside = 0;
    await expect(
      api.db.$transaction(async (tx) => {
        await tx.$executeRaw`
          UPDATE bookings SET status = 'CANCELLED', cancelled_at = now() WHERE reference = ${booked.Reference}`;
        recordedInside = await tx.webhookEvent.count();
        throw new Error("changed our mind");
      }),
    ).rejects.toThrow("changed our mind");
    expect(recordedInside).toBeGreaterThan(before);
    expect(await api.db.webhookEvent.count()).toBe(before);
    await arrival("/rolled-back", "booking.confirmed", booked.Reference);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.at("/rolled-back").map((r) => parsed(r).Type)).not.toContain("booking.cancelled");
  });
});

describe("the console's webhooks", () => {
  const signedIn = async (email: string) => {
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email, password: "correct-horse-battery" });
    return desk;
  };

  it("create an endpoint showing its secret once, log each delivery's answer and time, and redeliver one with the same ID", async () => {
    const desk = await signedIn("demo@example.com");
    const created = await desk.console.webhooks.create.mutate({
      partner: "acme-travel",
      url: receiver.url("/console"),
      events: ["booking.cancelled"],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    const listed = await desk.console.webhooks.list.query();
    expect(listed).toContainEqual(created.endpoint);
    expect(JSON.stringify(listed)).not.toContain("whsec_");

    const booked = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    await post(`/booking/${booked.Reference}/cancel`);
    const first = await arrival("/console", "booking.cancelled", booked.Reference);
    expectSigned(first, created.secret);
    const logged = await until(async () =>
      (await desk.console.webhooks.deliveries.query()).find(
        (d) => d.endpoint.id === created.endpoint.id && d.status === "delivered",
      ),
    );
    expect(logged).toMatchObject({
      eventId: parsed(first).ID,
      type: "booking.cancelled",
      attempts: 1,
      lastAttempt: { statusCode: 200, error: null },
    });
    expect(logged.lastAttempt!.durationMs).toBeGreaterThanOrEqual(0);

    const harbour = await signedIn("harbour@example.com");
    expect(await harbour.console.webhooks.list.query()).toEqual([]);
    expect((await harbour.console.webhooks.deliveries.query()).map((d) => d.id)).not.toContain(logged.id);
    await expect(harbour.console.webhooks.redeliver.mutate({ deliveryId: logged.id })).rejects.toThrow(
      `There is no delivery ${logged.id}`,
    );
    await expect(harbour.console.webhooks.delete.mutate({ id: created.endpoint.id })).rejects.toThrow(
      `No webhook endpoint ${created.endpoint.id}`,
    );

    await desk.console.webhooks.redeliver.mutate({ deliveryId: logged.id });
    const again = await until(() => (receiver.at("/console").length >= 2 ? receiver.at("/console")[1] : null));
    expect(again.body).toBe(first.body);
    expectSigned(again, created.secret);

    await desk.console.webhooks.delete.mutate({ id: created.endpoint.id });
    expect((await desk.console.webhooks.list.query()).map((e) => e.id)).not.toContain(created.endpoint.id);
    const later = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    await post(`/booking/${later.Reference}/cancel`);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.at("/console")).toHaveLength(2);
  });

  it("tell the partner of a cancellation at the desk, as of one it made itself", async () => {
    const secret = await endpoint("/desk", ["booking.cancelled"]);
    const booked = await read(await post("/booking", bookingBody(await openSlot(api.db))));
    const desk = await signedIn("demo@example.com");
    await desk.console.bookings.cancel.mutate({ reference: booked.Reference });
    const told = await arrival("/desk", "booking.cancelled", booked.Reference);
    expectSigned(told, secret);
    expect(parsed(told).Data).toEqual(withoutTickets(await current(booked.Reference)));
  });

  it("refuse an endpoint that is not https, or names another operator's partner", async () => {
    const desk = await signedIn("harbour@example.com");
    await expect(
      desk.console.webhooks.create.mutate({
        partner: "acme-travel",
        url: "http://hooks.example.com/in",
        events: ["booking.cancelled"],
      }),
    ).rejects.toThrow("url must be https");
    const harbourPartners = await api.db.partner.findMany({ where: { operator: { slug: "harbour" } } });
    const foreign = await api.db.partner.findFirstOrThrow({
      where: { operator: { slug: "demo" }, slug: { notIn: harbourPartners.map((p) => p.slug) } },
    });
    await expect(
      desk.console.webhooks.create.mutate({
        partner: foreign.slug,
        url: "https://hooks.example.com/in",
        events: ["booking.cancelled"],
      }),
    ).rejects.toThrow(`No partner ${foreign.slug}`);
  });

  it("keep an operator to 20 live endpoints, counting none deleted, however many are asked for at once", async () => {
    const desk = await signedIn("harbour@example.com");
    const partner = (await api.db.partner.findFirstOrThrow({ where: { operator: { slug: "harbour" } } })).slug;
    const create = (n: number) =>
      desk.console.webhooks.create.mutate({
        partner,
        url: `https://hooks.example.com/${n}`,
        events: ["booking.confirmed"],
      });
    const live = (await desk.console.webhooks.list.query()).length;
    const asked = await Promise.allSettled(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 - live }, (_, n) => create(n)),
    );
    expect(asked.filter((a) => a.status === "fulfilled")).toHaveLength(MAX_WEBHOOK_ENDPOINTS - live);
    const refused = asked.find((a) => a.status === "rejected");
    expect(String(refused?.reason)).toContain(`at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    const [first] = await desk.console.webhooks.list.query();
    await desk.console.webhooks.delete.mutate({ id: first!.id });
    await expect(create(99)).resolves.toMatchObject({ endpoint: { url: "https://hooks.example.com/99" } });
    await expect(create(100)).rejects.toThrow("delete one first");
  });
});
