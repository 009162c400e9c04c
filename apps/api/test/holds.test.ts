import { beforeAll, describe, expect, it } from "vitest";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

interface BookingView {
  Reference: string;
  Status: string;
  ExpiresAt?: number;
  Participants: number;
  Customer: { FirstName: string } | null;
  PaymentReference: string | null;
  Total: { Amount: number };
}

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request(`${OTA}${path}`, { method: "POST", key, headers, ...(body === undefined ? {} : { json: body }) });
const read = async (response: Response) => ((await response.json()) as { data: BookingView }).data;
const placesTaken = async (timeslotId: number) =>
  (await api.db.timeslot.findUniqueOrThrow({ where: { id: timeslotId } })).placesTaken;
const emailsOf = (reference: string) =>
  api.db.outboxEmail.findMany({ where: { booking: { reference } }, select: { kind: true } });
/** Time passing, as far as the booking is concerned: its deadline moved into the past. */
const lapse = (reference: string) =>
  api.db.booking.update({ where: { reference }, data: { expiresAt: new Date(Date.now() - 1_000) } });

async function hold(info: Awaited<ReturnType<typeof openSlot>>, overrides: Record<string, unknown> = {}) {
  const { Customer: _customer, ...body } = bookingBody(info, { HoldMinutes: 15 });
  const response = await post("/booking", { ...body, ...overrides });
  expect(response.status).toBe(201);
  return read(response);
}

describe("holds", () => {
  it("take the places at once, without a customer, and send nothing until confirmed", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const before = Date.now();
    const held = await hold(info);
    expect(held).toMatchObject({ Status: "on_hold", Customer: null });
    expect(held.ExpiresAt! * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 15 * 60_000);
    expect(held.ExpiresAt! * 1000).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken + held.Participants);
    expect(await emailsOf(held.Reference)).toEqual([]);
    expect(await read(await api.request(`${OTA}/booking/${held.Reference}`, { key }))).toEqual(held);
  });

  it("are confirmed with the customer they lacked, once: the e-mail goes out then, and again changes nothing", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const held = await hold(info);
    const lacking = await post(`/booking/${held.Reference}/confirm`);
    expect(lacking.status).toBe(422);
    expect((await problemOf(lacking)).problem.errors).toEqual([
      { field: "Customer", message: "Customer is required: this hold has none yet" },
    ]);
    const customer = { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351 912 000 111" };
    const confirmed = await post(`/booking/${held.Reference}/confirm`, {
      Customer: customer,
      PaymentReference: "PAID-77",
    });
    expect(confirmed.status).toBe(200);
    const booking = await read(confirmed);
    expect(booking).toMatchObject({ Status: "confirmed", PaymentReference: "PAID-77", Customer: { FirstName: "Rui" } });
    expect(booking.ExpiresAt).toBeUndefined();
    expect((await emailsOf(held.Reference)).map((e) => e.kind)).toContain("BOOKING_CONFIRMATION");
    const again = await post(`/booking/${held.Reference}/confirm`);
    expect(again.status).toBe(200);
    expect(await read(again)).toEqual(booking);
    expect((await emailsOf(held.Reference)).filter((e) => e.kind === "BOOKING_CONFIRMATION")).toHaveLength(1);
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken + held.Participants);
  });

  it("read as expired from ExpiresAt on, and cannot be confirmed then, even before the sweep", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const held = await hold(info, { Customer: bookingBody(info).Customer });
    await lapse(held.Reference);
    expect((await read(await api.request(`${OTA}/booking/${held.Reference}`, { key }))).Status).toBe("expired");
    const late = await post(`/booking/${held.Reference}/confirm`);
    expect(late.status).toBe(409);
    expect((await problemOf(late)).problem.type).toMatch(/\/hold-expired$/);
    const cancel = await post(`/booking/${held.Reference}/cancel`);
    expect((await read(cancel)).Status).toBe("expired");
    const liveOnly = await api.request(`${OTA}/bookings?from=${info.date}&to=${info.date}&status=on_hold`, { key });
    expect(((await liveOnly.json()) as { data: BookingView[] }).data.map((b) => b.Reference)).not.toContain(
      held.Reference,
    );
    const expiredOnly = await api.request(`${OTA}/bookings?from=${info.date}&to=${info.date}&status=expired`, { key });
    expect(((await expiredOnly.json()) as { data: BookingView[] }).data.map((b) => b.Reference)).toContain(
      held.Reference,
    );
  });

  it("are released at once when cancelled, and a cancelled hold can no longer be confirmed", async () => {
    const info = await openSlot(api.db, { free: 3 });
    const held = await hold(info, { Participants: undefined, Units: [{ UnitID: "adult", Quantity: 2 }] });
    expect(held.Participants).toBe(2);
    const cancelled = await post(`/booking/${held.Reference}/cancel`);
    expect((await read(cancelled)).Status).toBe("cancelled");
    expect(await placesTaken(info.slot.id)).toBe(info.slot.placesTaken);
    const confirm = await post(`/booking/${held.Reference}/confirm`, { Customer: bookingBody(info).Customer });
    expect(confirm.status).toBe(409);
    expect((await problemOf(confirm)).problem.type).toMatch(/\/booking-not-changeable$/);
  });

  it("refuse HoldMinutes outside 1 to 60 and a booking with neither customer nor hold", async () => {
    const info = await openSlot(api.db);
    const { Customer: _customer, ...noCustomer } = bookingBody(info);
    const tooLong = await post("/booking", { ...noCustomer, HoldMinutes: 61 });
    expect((await problemOf(tooLong)).problem.errors).toContainEqual({
      field: "HoldMinutes",
      message: "HoldMinutes must be at most 60",
    });
    const neither = await post("/booking", noCustomer);
    expect(neither.status).toBe(422);
    expect((await problemOf(neither)).problem.errors).toEqual([
      { field: "Customer", message: "Customer is required (or HoldMinutes, to hold the places first)" },
    ]);
  });

  it("take an Idempotency-Key on confirm: a replay answers the first confirmation", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const held = await hold(info, { Customer: bookingBody(info).Customer });
    const first = await post(`/booking/${held.Reference}/confirm`, {}, { "Idempotency-Key": "confirm-1" });
    const replay = await post(`/booking/${held.Reference}/confirm`, {}, { "Idempotency-Key": "confirm-1" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await read(replay)).toEqual(await read(first));
    const reused = await post(
      `/booking/${held.Reference}/confirm`,
      { PaymentReference: "X" },
      {
        "Idempotency-Key": "confirm-1",
      },
    );
    expect(reused.status).toBe(422);
  });

  it("cannot be confirmed past the booking cut-off, refused as a booking of that timeslot is", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const held = await hold(info);
    // The cut-off moves to just before now: the hold was made before it, the confirmation comes after.
    const minutesToStart = Math.floor((info.slot.startsAt.getTime() - Date.now()) / 60_000);
    const cutoff = (bookingCutoffMinutes: number) =>
      api.db.product.update({ where: { id: info.product.id }, data: { bookingCutoffMinutes } });
    await cutoff(minutesToStart + 1);
    try {
      const customer = { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351 912 000 111" };
      const late = await post(`/booking/${held.Reference}/confirm`, { Customer: customer });
      expect(late.status).toBe(409);
      const lateProblem = (await problemOf(late)).problem;
      const direct = await post("/booking", bookingBody(info));
      expect(direct.status).toBe(409);
      const directProblem = (await problemOf(direct)).problem;
      expect(lateProblem.type).toBe(directProblem.type);
      expect(lateProblem.detail).toBe("This timeslot is past its booking cut-off");
      expect(directProblem.detail).toBe(lateProblem.detail);
      const still = await read(await api.request(`${OTA}/booking/${held.Reference}`, { key }));
      expect(still.Status).toBe("on_hold");
    } finally {
      await cutoff(info.product.bookingCutoffMinutes);
    }
  });
});
