import { beforeAll, describe, expect, it } from "vitest";

import { createUsageWriter } from "@slotwise/db";
import { seal } from "@slotwise/db/testing";

import { keyAuthenticator } from "../src/auth/authenticate-key.ts";
import { TimeslotTurns } from "../src/fast-paths/timeslot-turns.ts";
import { createGuards } from "../src/limits/guards.ts";
import { createApiMetrics } from "../src/metrics/api-metrics.ts";
import { appRouter } from "../src/trpc/app-router.ts";
import { createContext } from "../src/trpc/context.ts";
import { answersFor, bookingBody, openSlot } from "./fixtures.ts";
import { GENEROUS_GUARDS, OTA, problemOf, startApi, TEST_SETTINGS, type Api } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

interface BookingView {
  Reference: string;
  Status: string;
  ActivityID: string;
  Date: string;
  Time: string;
  StartsAt: string;
  Participants: number;
  Customer: Record<string, string>;
  PaymentReference: string | null;
  WaiverStatus: string;
  CreatedAt: string;
}

const book = (body: unknown, headers: Record<string, string> = {}, withKey = key) =>
  api.request(`${OTA}/booking`, { method: "POST", key: withKey, json: body, headers });

describe("POST /ota/{partner}/booking", () => {
  it("books, answering 201 with Location and the booking, and takes the places", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 2 });
    const response = await book(bookingBody(info, { Participants: 2 }));
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: BookingView };
    expect(response.headers.get("location")).toBe(`${OTA}/booking/${data.Reference}`);
    expect(data).toMatchObject({
      Status: "confirmed",
      ActivityID: info.product.activityId,
      Date: info.date,
      Time: info.time,
      Participants: 2,
      Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana.silva@example.com", Phone: "+351912345678" },
      PaymentReference: "ACME-PAY-0001",
      WaiverStatus: "complete",
    });
    expect(data.Reference).toMatch(/^BK-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(Date.parse(data.StartsAt)).toBe(info.slot.startsAt.getTime());
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(info.slot.placesTaken + 2);
    const stored = await api.db.booking.findUniqueOrThrow({
      where: { reference: data.Reference },
      include: { partner: true },
    });
    expect(stored).toMatchObject({ source: "PARTNER", paymentReference: "ACME-PAY-0001" });
    expect(stored.partner?.slug).toBe("acme-travel");
    expect(await api.db.outboxEmail.count({ where: { bookingId: stored.id, kind: "BOOKING_CONFIRMATION" } })).toBe(1);
  });

  it("marks the waiver pending when the answers are left out", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const { Answers: _omit, ...body } = bookingBody(info);
    const response = await book(body);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: BookingView }).data.WaiverStatus).toBe("pending");
  });

  it("answers 422 naming each field when answers are incomplete or of the wrong type", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour" });
    const answers = answersFor(info.product);
    const swim = info.product.questions.find((q) => q.type === "BOOLEAN")!;
    const id = info.product.questions.find((q) => q.type === "FILE")!;
    const wrong = answers
      .filter((a) => a.QuestionID !== id.id)
      .map((a) => (a.QuestionID === swim.id ? { ...a, Value: "yes" } : a));
    const response = await book(bookingBody(info, { Answers: wrong }));
    expect(response.status).toBe(422);
    const { problem } = await problemOf(response);
    const index = wrong.findIndex((a) => a.QuestionID === swim.id);
    expect(problem.errors).toEqual([
      { field: `Answers[${index}].Value`, message: `Answers[${index}].Value (${swim.label}) must be true or false` },
      { field: "Answers", message: `Answers must answer required question ${id.id} (${id.label})` },
    ]);
  });

  it("answers 422 to participants outside the activity's bounds", async () => {
    const info = await openSlot(api.db, { productName: "Tagus River Sailing", free: 2 });
    const response = await book(bookingBody(info, { Participants: 1 }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors).toEqual([
      { field: "Participants", message: "Participants must be at least 2 for this activity" },
    ]);
    const tooMany = await book(bookingBody(info, { Participants: 11 }));
    expect((await problemOf(tooMany)).problem.errors).toEqual([
      { field: "Participants", message: "Participants must be at most 10 for this activity" },
    ]);
  });

  it("answers 404 for an unknown activity or a time with no timeslot", async () => {
    const info = await openSlot(api.db);
    const unknown = await book(bookingBody(info, { ActivityID: "s_Unknown123", Answers: [] }));
    expect(unknown.status).toBe(404);
    const noSlot = await book(bookingBody(info, { Time: "03:17" }));
    expect(noSlot.status).toBe(404);
    expect((await problemOf(noSlot)).problem.detail).toContain("has no timeslot on");
  });

  it("answers 409 insufficient-capacity with the places left, and 409 timeslot-unavailable for a closed slot", async () => {
    const info = await openSlot(api.db, { productName: "Tuk-Tuk Hills Tour", free: 4 });
    const left = info.slot.capacity - info.slot.placesTaken;
    expect((await book(bookingBody(info, { Participants: left - 1 }))).status).toBe(201);
    const short = await book(bookingBody(info, { Participants: 2 }));
    expect(short.status).toBe(409);
    expect((await problemOf(short)).problem).toMatchObject({
      type: "http://api.test/problems/insufficient-capacity",
      title: "Conflict",
      available: 1,
    });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { closed: true } });
    const closed = await book(bookingBody(info, { Participants: 1 }));
    expect(closed.status).toBe(409);
    expect((await problemOf(closed)).problem).toMatchObject({
      type: "http://api.test/problems/timeslot-unavailable",
      detail: "This timeslot is closed",
    });
  });

  it("answers 409 timeslot-unavailable past the booking cut-off", async () => {
    const product = await api.db.product.findFirstOrThrow({
      where: { operator: { slug: "demo" }, name: "Fado Night in Mouraria" },
      include: { questions: true },
    });
    const startsAt = new Date(Date.now() + 10 * 60_000); // inside its 30-minute cut-off
    startsAt.setUTCSeconds(0, 0);
    await api.db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 10 } });
    const { instantToLocal } = await import("@slotwise/core");
    const local = instantToLocal(startsAt, product.timeZone);
    const response = await book({
      ...bookingBody({ product, date: local.date, time: local.time } as never),
      Answers: [],
    });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).problem.detail).toBe("This timeslot is past its booking cut-off");
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response to a repeat and books once", async () => {
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk" });
    const body = bookingBody(info);
    const first = await book(body, { "Idempotency-Key": "retry-1" });
    const firstBody = await first.text();
    const second = await book(body, { "Idempotency-Key": "retry-1" });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await second.text()).toBe(firstBody);
    const reference = (JSON.parse(firstBody) as { data: BookingView }).data.Reference;
    expect(
      await api.db.booking.count({ where: { customerEmail: "ana.silva@example.com", timeslotId: info.slot.id } }),
    ).toBe(1);
    expect(reference).toBeTruthy();
  });

  it("replays a retry that spells the partner in its path another way", async () => {
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk" });
    const body = bookingBody(info);
    const first = await book(body, { "Idempotency-Key": "retry-spelt" });
    expect(first.status).toBe(201);
    const again = await api.request("/api/v2/ota/ACME-TRAVEL/booking", {
      method: "POST",
      key,
      json: body,
      headers: { "Idempotency-Key": "retry-spelt" },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  it("answers 422 idempotency-key-reuse to the same key with another body", async () => {
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk", free: 3 });
    await book(bookingBody(info), { "Idempotency-Key": "reuse-1" });
    const response = await book(bookingBody(info, { Participants: 2 }), { "Idempotency-Key": "reuse-1" });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.type).toBe("http://api.test/problems/idempotency-key-reuse");
  });

  it("books once when the same key arrives many times at the same moment", async () => {
    const info = await openSlot(api.db, { productName: "Sintra & Cascais Day Trip" });
    const body = bookingBody(info, {
      Customer: { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351911111111" },
    });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => book(body, { "Idempotency-Key": "same-moment" })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    for (const r of responses.filter((x) => x.status === 409))
      expect((await problemOf(r)).problem.type).toBe("http://api.test/problems/idempotency-conflict");
    expect(await api.db.booking.count({ where: { customerEmail: "rui@example.com" } })).toBe(1);
    const again = await book(body, { "Idempotency-Key": "same-moment" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("does not keep a failed attempt: a retry after a 409 runs again", async () => {
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk", free: 3 });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 2 } });
    const body = bookingBody(info, { Participants: 3 });
    const refused = await book(body, { "Idempotency-Key": "after-409" });
    expect(refused.status).toBe(409);
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 5 } });
    const retried = await book(body, { "Idempotency-Key": "after-409" });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 422 to a key over 255 characters", async () => {
    const info = await openSlot(api.db);
    const response = await book(bookingBody(info), { "Idempotency-Key": "k".repeat(256) });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors).toEqual([
      { field: "Idempotency-Key", message: "Idempotency-Key must be 1 to 255 characters" },
    ]);
  });
});

describe("reading and cancelling bookings", () => {
  it("reads the partner's own booking, hides others', cancels once and frees the places", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 3 });
    const created = (await (await book(bookingBody(info, { Participants: 3 }))).json()) as { data: BookingView };
    const reference = created.data.Reference;
    const read = await api.request(`${OTA}/booking/${reference}`, { key });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: BookingView }).data).toEqual(created.data);

    const globetrek = await api.key({ partner: "globetrek" });
    expect((await api.request(`/api/v2/ota/globetrek/booking/${reference}`, { key: globetrek })).status).toBe(404);
    expect((await api.request(`${OTA}/booking/BK-ZZZZZZZZ`, { key })).status).toBe(404);

    const before = (await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken;
    const cancel = await api.request(`${OTA}/booking/${reference}/cancel`, { method: "POST", key });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as { data: BookingView }).data.Status).toBe("cancelled");
    expect((await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken).toBe(before - 3);
    const twice = await api.request(`${OTA}/booking/${reference}/cancel`, { method: "POST", key, json: {} });
    expect(((await twice.json()) as { data: BookingView }).data.Status).toBe("cancelled");
    expect((await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken).toBe(before - 3);
  });
});

describe("the same router without HTTP", () => {
  it("serves a procedure through createCaller with a hand-built context", async () => {
    const now = () => new Date();
    const ctx = createContext(
      {
        db: seal(api.db),
        cache: api.cache,
        now,
        settings: TEST_SETTINGS,
        authenticateKey: keyAuthenticator(seal(api.db), api.cache, api.tracker, now),
        guards: createGuards(GENEROUS_GUARDS),
        metrics: createApiMetrics({ db: seal(api.db), cache: api.cache }),
        usageWriter: createUsageWriter(api.db),
        saleTurns: new TimeslotTurns(),
      },
      { requestId: "test", authorization: `Bearer ${key}` },
    );
    const caller = appRouter.createCaller(ctx);
    const result = await caller.products.list({ partner: "acme-travel", name: "surf" });
    expect(result.data.map((p) => p.Name)).toEqual(["Surf Lesson at Carcavelos"]);
    await expect(caller.products.list({ partner: "globetrek" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
