import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";

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
  Date: string;
  Time: string;
  Participants: number;
  Units: { UnitID: string; Quantity: number; Price: { Amount: number } }[];
  Total: { Amount: number };
}

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request(`${OTA}${path}`, { method: "POST", key, headers, ...(body === undefined ? {} : { json: body }) });
const read = async (response: Response) => ((await response.json()) as { data: BookingView }).data;
const taken = async (timeslotId: number) =>
  (await api.db.timeslot.findUniqueOrThrow({ where: { id: timeslotId } })).placesTaken;
const history = async (reference: string) =>
  (await api.db.bookingEvent.findMany({ where: { booking: { reference } }, orderBy: { id: "asc" } })).map(
    (e) => e.type,
  );

/** Two open timeslots of one activity with `free` places each, and a booking of `participants` in the first. */
async function bookedWithAnother(free: number, participants: number, productName = "Sunset Kayak Tour") {
  const first = await openSlot(api.db, { productName, free });
  const other = await api.db.timeslot.findFirstOrThrow({
    where: { productId: first.product.id, closed: false, startsAt: { gt: first.slot.startsAt } },
    orderBy: { startsAt: "asc" },
  });
  await api.db.timeslot.update({ where: { id: first.slot.id }, data: { capacity: first.slot.placesTaken + free } });
  await api.db.timeslot.update({ where: { id: other.id }, data: { capacity: other.placesTaken + free } });
  const booking = await read(await post("/booking", bookingBody(first, { Participants: participants })));
  const local = instantToLocal(other.startsAt, first.product.timeZone);
  return { first, other: { ...other, ...local }, booking };
}

describe("booking changes", () => {
  it("move the places to another timeslot in one step, keeping what was paid, and record it", async () => {
    const { first, other, booking } = await bookedWithAnother(4, 2);
    const response = await post(`/booking/${booking.Reference}/change`, { Date: other.date, Time: other.time });
    expect(response.status).toBe(200);
    const changed = await read(response);
    expect(changed).toMatchObject({ Date: other.date, Time: other.time, Participants: 2, Total: booking.Total });
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken);
    expect(await taken(other.id)).toBe(other.placesTaken + 2);
    expect(await history(booking.Reference)).toEqual(["created", "changed"]);
  });

  it("resize on the same timeslot, priced at today's prices, by Participants or Units", async () => {
    const { first, booking } = await bookedWithAnother(5, 2);
    const grown = await read(
      await post(`/booking/${booking.Reference}/change`, {
        Units: [
          { UnitID: "adult", Quantity: 2 },
          { UnitID: "child", Quantity: 2 },
        ],
      }),
    );
    expect(grown).toMatchObject({ Participants: 4, Total: { Amount: 2 * 4500 + 2 * 2500 } });
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken + 4);
    const shrunk = await read(await post(`/booking/${booking.Reference}/change`, { Participants: 1 }));
    expect(shrunk).toMatchObject({ Participants: 1, Units: [{ UnitID: "adult", Quantity: 1 }] });
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken + 1);
  });

  it("change nothing when asked for what the booking already is, so a retry is harmless", async () => {
    const { first, booking } = await bookedWithAnother(3, 2);
    const same = await post(`/booking/${booking.Reference}/change`, {
      Date: booking.Date,
      Time: booking.Time,
      Units: [{ UnitID: "adult", Quantity: 2 }],
    });
    expect(same.status).toBe(200);
    expect(await read(same)).toEqual(booking);
    expect(await history(booking.Reference)).toEqual(["created"]);
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken + 2);
  });

  it("are refused whole when the new timeslot lacks the places, naming what is free", async () => {
    const { first, other, booking } = await bookedWithAnother(2, 2);
    await api.db.timeslot.update({ where: { id: other.id }, data: { capacity: other.placesTaken + 1 } });
    const response = await post(`/booking/${booking.Reference}/change`, { Date: other.date, Time: other.time });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).problem).toMatchObject({ available: 1, status: 409 });
    expect(
      (await problemOf(await post(`/booking/${booking.Reference}/change`, { Participants: 3 }))).problem.status,
    ).toBe(409);
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken + 2);
    expect(await taken(other.id)).toBe(other.placesTaken);
  });

  it("are refused for a closed or missing timeslot, a cancelled booking and a body that asks nothing", async () => {
    const { other, booking } = await bookedWithAnother(2, 2);
    await api.db.timeslot.update({ where: { id: other.id }, data: { closed: true } });
    const closed = await post(`/booking/${booking.Reference}/change`, { Date: other.date, Time: other.time });
    expect((await problemOf(closed)).problem.type).toMatch(/\/timeslot-unavailable$/);
    const missing = await post(`/booking/${booking.Reference}/change`, { Time: "03:17" });
    expect(missing.status).toBe(404);
    const empty = await post(`/booking/${booking.Reference}/change`, {});
    expect((await problemOf(empty)).problem.errors).toEqual([
      { field: "Date", message: "Give at least one of Date, Time, Participants or Units" },
    ]);
    await post(`/booking/${booking.Reference}/cancel`);
    const cancelled = await post(`/booking/${booking.Reference}/change`, { Participants: 1 });
    expect(cancelled.status).toBe(409);
    expect((await problemOf(cancelled)).problem.type).toMatch(/\/booking-not-changeable$/);
  });

  it("tell the old timeslot's waitlist of the places they free", async () => {
    const { first, other, booking } = await bookedWithAnother(2, 2);
    await api.db.timeslot.update({ where: { id: first.slot.id }, data: { capacity: first.slot.placesTaken + 2 } });
    const entry = await api.db.waitlistEntry.create({
      data: {
        operatorId: first.product.operatorId,
        timeslotId: first.slot.id,
        multiBookingId: "mb_change_test",
        customerFirstName: "Eva",
        customerLastName: "Lima",
        customerEmail: "eva@example.com",
        customerPhone: "+351912000222",
        participants: 2,
      },
    });
    await post(`/booking/${booking.Reference}/change`, { Date: other.date, Time: other.time });
    const notified = await api.db.waitlistEntry.findUniqueOrThrow({ where: { id: entry.id } });
    expect(notified.notifiedAt).not.toBeNull();
  });

  it("and bookings on one timeslot at once never oversell it", async () => {
    const { first, other } = await bookedWithAnother(3, 1);
    await api.db.timeslot.update({ where: { id: other.id }, data: { capacity: other.placesTaken + 6 } });
    const movers = [
      await read(await post("/booking", bookingBody(first, { Participants: 1 }))),
      await read(await post("/booking", bookingBody(first, { Participants: 1 }))),
    ];
    const attempts = [
      ...movers.map((b) =>
        post(`/booking/${b.Reference}/change`, { Date: other.date, Time: other.time, Participants: 2 }),
      ),
      ...Array.from({ length: 8 }, () =>
        post("/booking", bookingBody({ ...first, date: other.date, time: other.time }, { Participants: 1 })),
      ),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 409)).toBe(true);
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: other.id } });
    expect(slot.placesTaken).toBeLessThanOrEqual(slot.capacity);
    const held = await api.db.booking.aggregate({
      where: { timeslotId: other.id, status: { in: ["CONFIRMED", "ON_HOLD"] } },
      _sum: { participants: true },
    });
    expect(held._sum.participants ?? 0).toBe(slot.placesTaken);
  });

  it("crossing each other between two timeslots all succeed: no deadlock, no place lost", async () => {
    const { first, other } = await bookedWithAnother(12, 1);
    await api.db.timeslot.update({ where: { id: other.id }, data: { capacity: other.placesTaken + 12 } });
    const here = { date: first.date, time: first.time };
    const there = { date: other.date, time: other.time };
    const bookIn = async (at: { date: string; time: string }) =>
      read(await post("/booking", bookingBody({ ...first, ...at }, { Participants: 1 })));
    const fromFirst = [await bookIn(here), await bookIn(here), await bookIn(here), await bookIn(here)];
    const fromOther = [await bookIn(there), await bookIn(there), await bookIn(there), await bookIn(there)];
    const moves = await Promise.all([
      ...fromFirst.map((b) => post(`/booking/${b.Reference}/change`, { Date: there.date, Time: there.time })),
      ...fromOther.map((b) => post(`/booking/${b.Reference}/change`, { Date: here.date, Time: here.time })),
    ]);
    expect(moves.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const slotId of [first.slot.id, other.id]) {
      const held = await api.db.booking.aggregate({
        where: { timeslotId: slotId, status: { in: ["CONFIRMED", "ON_HOLD"] } },
        _sum: { participants: true },
      });
      expect(held._sum.participants ?? 0).toBe(await taken(slotId));
    }
  });

  it("at once on one booking each answer what they asked for, resolved against the booking as it then is", async () => {
    const { first, booking } = await bookedWithAnother(4, 2);
    const [three, two] = await Promise.all([
      post(`/booking/${booking.Reference}/change`, { Participants: 3 }),
      post(`/booking/${booking.Reference}/change`, { Participants: 2 }),
    ]);
    expect((await read(three)).Participants).toBe(3);
    expect((await read(two)).Participants).toBe(2);
    const final = await read(await api.request(`${OTA}/booking/${booking.Reference}`, { key }));
    expect(await taken(first.slot.id)).toBe(first.slot.placesTaken + final.Participants);
  });

  it("price the changed booking at today's prices, while a move alone keeps what was paid", async () => {
    const { first, other, booking } = await bookedWithAnother(4, 2);
    expect(booking.Total.Amount).toBe(9000);
    await api.db.productUnit.updateMany({
      where: { productId: first.product.id, unitId: "adult" },
      data: { priceAmount: 5000 },
    });
    try {
      const moved = await read(
        await post(`/booking/${booking.Reference}/change`, { Date: other.date, Time: other.time }),
      );
      expect(moved.Total.Amount).toBe(9000);
      const grown = await read(await post(`/booking/${booking.Reference}/change`, { Participants: 3 }));
      expect(grown.Total.Amount).toBe(15000);
    } finally {
      await api.db.productUnit.updateMany({
        where: { productId: first.product.id, unitId: "adult" },
        data: { priceAmount: 4500 },
      });
    }
  });

  it("replay their first answer for the same Idempotency-Key, even once the booking is cancelled", async () => {
    const { other, booking } = await bookedWithAnother(4, 2);
    const change = { Date: other.date, Time: other.time };
    const first = await post(`/booking/${booking.Reference}/change`, change, { "Idempotency-Key": "move-1" });
    expect(first.status).toBe(200);
    await post(`/booking/${booking.Reference}/cancel`);
    const replay = await post(`/booking/${booking.Reference}/change`, change, { "Idempotency-Key": "move-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await read(replay)).toEqual(await read(first));
  });
});
