import { describe, expect, it } from "vitest";

import { cancelBookingInTx } from "../src/bookings/cancel-booking.ts";
import { expireHolds } from "../src/bookings/expire-holds.ts";
import { sellBooking } from "../src/bookings/sell-booking.ts";
import { createClient } from "../src/client.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { operatorWithSlot } from "./fixtures.ts";

const { db, url } = await useTestDatabase();

describe("the expiry of holds", () => {
  it("expires each lapsed hold once, with several sweeps at once, and gives back exactly its places", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "sweeps", capacity: 200 });
    const now = new Date();
    const hold = (minutesLeft: number) =>
      db.$transaction((tx) =>
        sellBooking(tx, {
          product,
          timeslotId: timeslot.id,
          startsAt: timeslot.startsAt,
          priced: {
            units: [{ UnitID: "adult", Label: "Adult", Quantity: 2, Price: 1000 }],
            participants: 2,
            totalAmount: 2000,
          },
          customer: null,
          holdUntil: new Date(now.getTime() + minutesLeft * 60_000),
          source: "ONLINE",
          answers: [],
          waiverStatus: "complete",
          actor: "test",
          now: new Date(now.getTime() - 60 * 60_000),
        }),
      );
    const lapsed: { id: number }[] = [];
    for (let i = 0; i < 40; i++) lapsed.push(await hold(-1));
    const live = await hold(10);
    const cancelled = await hold(10);
    await db.$transaction((tx) => cancelBookingInTx(tx, cancelled.id, "test", now));
    // A lapsed hold holds no places to cancel: it stays as it is, for the sweep to expire.
    const unchanged = await db.$transaction((tx) => cancelBookingInTx(tx, lapsed[0]!.id, "test", now));
    expect(unchanged.status).toBe("ON_HOLD");
    const pools = [db, createClient(url, { maxConnections: 4 }), createClient(url, { maxConnections: 4 })];
    const sweeps = await Promise.all(pools.flatMap((pool) => [expireHolds(pool, now), expireHolds(pool, now)]));
    const expiredIds = sweeps.flatMap((sweep) => sweep.bookingIds).sort((a, b) => a - b);
    expect(expiredIds).toEqual(lapsed.map((b) => b.id).sort((a, b) => a - b));
    const slot = await db.timeslot.findUniqueOrThrow({ where: { id: timeslot.id } });
    expect(slot.placesTaken).toBe(2);
    expect((await db.booking.findUniqueOrThrow({ where: { id: live.id } })).status).toBe("ON_HOLD");
    expect((await db.booking.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe("CANCELLED");
    expect(await db.bookingEvent.count({ where: { type: "expired" } })).toBe(40);
    expect((await expireHolds(db, now)).bookingIds).toEqual([]);
  });

  it("refuses a confirmed booking without a customer, in the database itself", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "no-customer", capacity: 5 });
    const attempt = db.$transaction((tx) =>
      sellBooking(tx, {
        product,
        timeslotId: timeslot.id,
        startsAt: timeslot.startsAt,
        priced: {
          units: [{ UnitID: "adult", Label: "Adult", Quantity: 1, Price: 1000 }],
          participants: 1,
          totalAmount: 1000,
        },
        customer: null,
        source: "ONLINE",
        answers: [],
        waiverStatus: "complete",
        actor: "test",
        now: new Date(),
      }),
    );
    await expect(attempt).rejects.toThrow(/bookings_confirmed_has_customer/);
    expect((await db.timeslot.findUniqueOrThrow({ where: { id: timeslot.id } })).placesTaken).toBe(0);
  });

  it("never outlasts the start of its activity", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "short-hold", capacity: 5 });
    const now = new Date(timeslot.startsAt.getTime() - 10 * 60_000);
    const held = await db.$transaction((tx) =>
      sellBooking(tx, {
        product: { ...product, bookingCutoffMinutes: 0 },
        timeslotId: timeslot.id,
        startsAt: timeslot.startsAt,
        priced: {
          units: [{ UnitID: "adult", Label: "Adult", Quantity: 1, Price: 1000 }],
          participants: 1,
          totalAmount: 1000,
        },
        customer: null,
        holdUntil: new Date(now.getTime() + 60 * 60_000),
        source: "ONLINE",
        answers: [],
        waiverStatus: "complete",
        actor: "test",
        now,
      }),
    );
    expect(held.expiresAt).toEqual(timeslot.startsAt);
  });
});
