import { describe, expect, it } from "vitest";

import { ConflictError } from "@slotwise/core";

import { cancelBookingInTx } from "../src/bookings/cancel-booking.ts";
import { sellBooking } from "../src/bookings/sell-booking.ts";
import { createClient, type Database } from "../src/client.ts";
import { markEmailSentInTx, markEmailsSent } from "../src/email/mark-email-sent.ts";
import { Prisma } from "../src/generated/prisma/client.ts";
import { placePaidOrder } from "../src/orders/place-paid-order.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { customer, operatorWithSlot } from "./fixtures.ts";

const { db, url } = await useTestDatabase();

type Product = {
  id: number;
  operatorId: number;
  name: string;
  timeZone: string;
  currency: string;
  bookingCutoffMinutes: number;
};

/** `participants` adults at 10.00 EUR each. */
const adults = (participants: number) => ({
  units: [{ UnitID: "adult", Label: "Adult", Quantity: participants, Price: 1000 }],
  participants,
  totalAmount: 1000 * participants,
});

function partnerBooking(
  product: Product,
  timeslot: { id: number; startsAt: Date },
  participants: number,
  now = new Date(),
  pool: Database = db,
) {
  return pool.$transaction((tx) =>
    sellBooking(tx, {
      product,
      timeslotId: timeslot.id,
      startsAt: timeslot.startsAt,
      priced: adults(participants),
      customer,
      source: "ONLINE",
      answers: [],
      waiverStatus: "complete",
      actor: "test",
      now,
    }),
  );
}

describe("selling places", () => {
  it("never sells more than the capacity, whatever the concurrency, over several connection pools", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "race", capacity: 10 });
    const pools = [db, createClient(url, { maxConnections: 10 }), createClient(url, { maxConnections: 10 })];
    const attempts = Array.from({ length: 60 }, (_, i) =>
      partnerBooking(product, timeslot, 1 + (i % 2), new Date(), pools[i % pools.length]).then(
        () => "sold",
        (e: unknown) => e,
      ),
    );
    const outcomes = await Promise.all(attempts);
    await Promise.all(pools.slice(1).map((p) => p.$disconnect()));
    const sold = await db.booking.aggregate({
      where: { timeslotId: timeslot.id, status: "CONFIRMED" },
      _sum: { participants: true },
    });
    const slot = await db.timeslot.findUniqueOrThrow({ where: { id: timeslot.id } });
    expect(sold._sum.participants).toBe(10);
    expect(slot.placesTaken).toBe(10);
    for (const outcome of outcomes) {
      if (outcome !== "sold") expect(outcome).toBeInstanceOf(ConflictError);
    }
  });

  it("says how many places are left when short, and refuses closed, started and cut-off slots", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "short", capacity: 3, cutoffMinutes: 60 });
    await partnerBooking(product, timeslot, 2);
    await expect(partnerBooking(product, timeslot, 2)).rejects.toMatchObject({
      kind: "insufficient-capacity",
      extra: { available: 1 },
    });
    await expect(
      partnerBooking(product, timeslot, 1, new Date(timeslot.startsAt.getTime() - 30 * 60_000)),
    ).rejects.toMatchObject({ kind: "timeslot-unavailable", message: "This timeslot is past its booking cut-off" });
    await expect(partnerBooking(product, timeslot, 1, new Date(timeslot.startsAt.getTime() + 1))).rejects.toMatchObject(
      { kind: "timeslot-unavailable", message: "This timeslot has already started" },
    );
    await db.timeslot.update({ where: { id: timeslot.id }, data: { closed: true } });
    await expect(partnerBooking(product, timeslot, 1)).rejects.toMatchObject({
      kind: "timeslot-unavailable",
      message: "This timeslot is closed",
    });
  });

  it("refuses a timeslot that has moved since the seller read it, instead of selling another start", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "moved", capacity: 5 });
    const readBeforeTheMove = { id: timeslot.id, startsAt: new Date(timeslot.startsAt.getTime() - 3_600_000) };
    await expect(partnerBooking(product, readBeforeTheMove, 1)).rejects.toMatchObject({ kind: "timeslot-unavailable" });
    expect((await db.timeslot.findUniqueOrThrow({ where: { id: timeslot.id } })).placesTaken).toBe(0);
    expect(await db.booking.count({ where: { timeslotId: timeslot.id } })).toBe(0);
  });

  it("answers every column of the booking it wrote", async () => {
    const { product, timeslot } = await operatorWithSlot(db, { slug: "columns", capacity: 5 });
    const booking = await partnerBooking(product, timeslot, 1);
    expect(Object.keys(booking).sort()).toEqual(Object.keys(Prisma.BookingScalarFieldEnum).sort());
    expect(booking).toEqual(await db.booking.findUniqueOrThrow({ where: { id: booking.id } }));
  });

  it("gives places back on cancellation, once, and notifies the waitlist in order while places last", async () => {
    const { product, timeslot, operator } = await operatorWithSlot(db, { slug: "waitlist", capacity: 4 });
    const booking = await partnerBooking(product, timeslot, 3);
    await partnerBooking(product, timeslot, 1);
    const entry = (name: string, participants: number, minutes: number) =>
      db.waitlistEntry.create({
        data: {
          operatorId: operator.id,
          timeslotId: timeslot.id,
          multiBookingId: `mb_${name}`,
          customerFirstName: name,
          customerLastName: "W",
          customerEmail: `${name}@example.com`,
          participants,
          createdAt: new Date(Date.now() - minutes * 60_000),
        },
      });
    const first = await entry("first", 2, 30);
    const tooBig = await entry("big", 4, 20);
    const third = await entry("third", 1, 10);
    const fourth = await entry("fourth", 1, 5);
    await db.$transaction((tx) => cancelBookingInTx(tx, booking.id, "test", new Date()));
    await db.$transaction((tx) => cancelBookingInTx(tx, booking.id, "test", new Date()));
    expect((await db.timeslot.findUniqueOrThrow({ where: { id: timeslot.id } })).placesTaken).toBe(1);
    const notified = await db.waitlistEntry.findMany({
      where: { timeslotId: timeslot.id, notifiedAt: { not: null } },
      orderBy: { id: "asc" },
    });
    expect(notified.map((e) => e.id)).toEqual([first.id, third.id]);
    expect(notified.map((e) => e.id)).not.toContain(tooBig.id);
    expect(notified.map((e) => e.id)).not.toContain(fourth.id);
    const emails = await db.outboxEmail.findMany({ where: { waitlistEntryId: { in: [first.id, third.id] } } });
    expect(emails.map((e) => e.kind)).toEqual(["WAITLIST_NOTIFICATION", "WAITLIST_NOTIFICATION"]);
    const events = await db.bookingEvent.findMany({ where: { bookingId: booking.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["created", "cancelled"]);
  });

  it("records order-completed with the paid order, and nothing when the slot is sold out", async () => {
    const { product, timeslot, operator } = await operatorWithSlot(db, { slug: "orders", capacity: 2 });
    const input = {
      product,
      timeslotId: timeslot.id,
      startsAt: timeslot.startsAt,
      priced: adults(2),
      customer,
      answers: [],
      waiverStatus: "complete",
      actor: "shopfront",
      now: new Date(),
      channel: "ONLINE",
    } as const;
    const { order, booking } = await placePaidOrder(db, input);
    expect(order).toMatchObject({ paid: true, totalAmount: 2000 });
    expect(booking).toMatchObject({ source: "ONLINE", orderId: order.id });
    await expect(placePaidOrder(db, input)).rejects.toMatchObject({ kind: "insufficient-capacity" });
    expect(await db.order.count({ where: { operatorId: operator.id } })).toBe(1);
    const meters = await db.usageEntry.findMany({ where: { operatorId: operator.id, meter: "order-completed" } });
    expect(meters.map((m) => [m.usage.toString(), m.extraInfo])).toEqual([
      ["1", JSON.stringify({ BasketID: order.id, Total: { Amount: 2000, Currency: "EUR" } })],
    ]);
  });

  it("counts a sent e-mail once however often it is marked sent", async () => {
    const { product, timeslot, operator } = await operatorWithSlot(db, { slug: "emails", capacity: 2 });
    const booking = await partnerBooking(product, timeslot, 1);
    const email = await db.outboxEmail.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(email).toMatchObject({ kind: "BOOKING_CONFIRMATION", status: "QUEUED", toAddress: "ana@example.com" });
    for (let i = 0; i < 3; i++) await db.$transaction((tx) => markEmailSentInTx(tx, email.id, new Date(), "<m@x>"));
    expect(await db.usageEntry.count({ where: { operatorId: operator.id, meter: "workflow-email-sent" } })).toBe(1);
    expect((await db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } })).status).toBe("SENT");
  });

  it("marks the e-mails of a batch sent when another of it was withdrawn meanwhile", async () => {
    const { product, timeslot, operator } = await operatorWithSlot(db, { slug: "withdrawn", capacity: 2 });
    const kept = await partnerBooking(product, timeslot, 1);
    const cancelled = await partnerBooking(product, timeslot, 1);
    const confirmation = await db.outboxEmail.findFirstOrThrow({ where: { bookingId: kept.id } });
    const reminder = await db.outboxEmail.findFirstOrThrow({ where: { bookingId: cancelled.id } });
    await db.outboxEmail.delete({ where: { id: reminder.id } });
    await markEmailsSent(
      db,
      [
        { id: confirmation.id, messageId: "<c@x>" },
        { id: reminder.id, messageId: "<r@x>" },
      ],
      new Date(),
    );
    expect(await db.outboxEmail.findUniqueOrThrow({ where: { id: confirmation.id } })).toMatchObject({
      status: "SENT",
      messageId: "<c@x>",
    });
    expect(await db.usageEntry.count({ where: { operatorId: operator.id, meter: "workflow-email-sent" } })).toBe(1);
  });
});
