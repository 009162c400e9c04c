import { describe, expect, it } from "vitest";

import { addDays, expandSchedule, horizonEnd, todayIn, WEEKDAYS } from "@slotwise/core";

import { addClosure } from "../src/catalog/closures.ts";
import { addOneOffTimeslot, patchTimeslotAt } from "../src/catalog/one-off-timeslots.ts";
import { createSchedule, deleteSchedule, listSchedules, topUpSchedules } from "../src/catalog/schedules.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { customer, operatorWithSlot } from "./fixtures.ts";

const { db } = await useTestDatabase();
const ZONE = "Europe/Lisbon";
const now = new Date();
const today = todayIn(ZONE, now);
const everyDay = [...WEEKDAYS];

async function freshProduct(slug: string) {
  const { product } = await operatorWithSlot(db, { slug, capacity: 5, startsInHours: -1 });
  return { id: product.id, timeZone: ZONE };
}

function slotsOf(productId: number) {
  return db.timeslot.findMany({ where: { productId, startsAt: { gt: now } }, orderBy: { startsAt: "asc" } });
}

describe("schedules", () => {
  it("materialise 366 days of four times with the schedule, each start once", async () => {
    const product = await freshProduct("sched-year");
    const rule = { startDate: today, endDate: null, weekdays: everyDay, times: ["09:00", "11:00", "14:30", "17:00"] };
    const { schedule, created } = await createSchedule(db, product, { ...rule, capacity: 12 }, now);
    const expected = expandSchedule(rule, ZONE, today, horizonEnd(today)).filter((s) => s.startsAt > now);
    expect(created).toBeGreaterThanOrEqual(expected.length);
    expect((await slotsOf(product.id)).map((slot) => slot.startsAt.getTime())).toEqual(
      expected.map((start) => start.startsAt.getTime()),
    );
    expect(schedule.materialisedUntil).toBe(horizonEnd(today));
  });

  it("refuse a clash, naming the first shared start", async () => {
    const product = await freshProduct("sched-clash");
    const start = addDays(today, 3);
    await createSchedule(
      db,
      product,
      { startDate: start, endDate: addDays(start, 30), weekdays: everyDay, times: ["10:00"], capacity: 4 },
      now,
    );
    await expect(
      createSchedule(
        db,
        product,
        { startDate: addDays(start, 10), endDate: null, weekdays: everyDay, times: ["08:00", "10:00"], capacity: 4 },
        now,
      ),
    ).rejects.toMatchObject({
      kind: "schedule-overlap",
      extra: { clash: { Date: addDays(start, 10), Time: "10:00" } },
    });
    expect(await listSchedules(db, product.id)).toHaveLength(1);
  });

  it("refuse more than 20,000 timeslots at once and write nothing", async () => {
    const product = await freshProduct("sched-many");
    const times = Array.from(
      { length: 96 },
      (_, i) => `${String(Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
    );
    await expect(
      createSchedule(db, product, { startDate: today, endDate: null, weekdays: everyDay, times, capacity: 4 }, now),
    ).rejects.toMatchObject({ errors: [{ field: "Times" }] });
    expect(await listSchedules(db, product.id)).toEqual([]);
  });

  it("top up the horizon once, however many workers run at once, keeping capacity edits", async () => {
    const product = await freshProduct("sched-topup");
    const { schedule } = await createSchedule(
      db,
      product,
      { startDate: today, endDate: null, weekdays: everyDay, times: ["09:00", "15:00"], capacity: 6 },
      now,
    );
    const first = (await slotsOf(product.id))[0];
    if (!first) throw new Error("no timeslot");
    await db.timeslot.update({ where: { id: first.id }, data: { capacity: 9 } });
    const later = new Date(now.getTime() + 10 * 86_400_000);
    const counts = await Promise.all(Array.from({ length: 4 }, () => topUpSchedules(db, later)));
    const laterToday = todayIn(ZONE, later);
    const expected = expandSchedule(schedule, ZONE, today, horizonEnd(laterToday)).filter((s) => s.startsAt > now);
    // Other tests' schedules are topped up too: at least this one's new days were created once.
    const added = expandSchedule(schedule, ZONE, addDays(horizonEnd(today), 1), horizonEnd(laterToday)).length;
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(added);
    const slots = await slotsOf(product.id);
    expect(slots.map((slot) => slot.startsAt.getTime())).toEqual(expected.map((start) => start.startsAt.getTime()));
    expect(slots[0]?.capacity).toBe(9);
    expect(await topUpSchedules(db, later)).toBe(0);
  });

  it("top up ends when many schedules ended before their timeslots were made", async () => {
    const product = await freshProduct("sched-ended");
    const endDate = addDays(today, 2);
    // More than one top-up batch of schedules, each ending in two days.
    for (let i = 0; i < 60; i++) {
      const time = `${String(6 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`;
      await createSchedule(
        db,
        product,
        { startDate: addDays(today, 1), endDate, weekdays: everyDay, times: [time], capacity: 3 },
        now,
      );
    }
    // As if the worker had not run since before their first day.
    await db.$executeRaw`UPDATE schedules SET materialised_until = ${today}::date WHERE product_id = ${product.id}`;
    const later = new Date(now.getTime() + 10 * 86_400_000);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error("topUpSchedules did not return"));
      }, 15_000);
    });
    try {
      await Promise.race([topUpSchedules(db, later), stuck]);
    } finally {
      clearTimeout(timer);
    }
    const schedules = await listSchedules(db, product.id);
    expect(schedules).toHaveLength(60);
    expect(new Set(schedules.map((schedule) => schedule.materialisedUntil))).toEqual(new Set([endDate]));
  }, 30_000);

  it("delete future timeslots without bookings and keep those with one", async () => {
    const product = await freshProduct("sched-delete");
    const start = addDays(today, 2);
    const { schedule } = await createSchedule(
      db,
      product,
      { startDate: start, endDate: addDays(start, 6), weekdays: everyDay, times: ["12:00"], capacity: 6 },
      now,
    );
    const [booked] = await slotsOf(product.id);
    if (!booked) throw new Error("no timeslot");
    await bookInto(product.id, booked.id, booked.startsAt, "BK-SCHED001");
    const result = await deleteSchedule(db, product, schedule.id, now);
    expect(result).toEqual({ kept: [{ date: start, time: "12:00" }] });
    expect((await slotsOf(product.id)).map((slot) => slot.id)).toEqual([booked.id]);
    expect(await deleteSchedule(db, product, schedule.id, now)).toBeNull();
  });

  it("keep a timeslot booked while the delete waited for it", async () => {
    const product = await freshProduct("sched-delete-race");
    const start = addDays(today, 2);
    const { schedule } = await createSchedule(
      db,
      product,
      { startDate: start, endDate: addDays(start, 2), weekdays: everyDay, times: ["12:00"], capacity: 6 },
      now,
    );
    const [booked] = await slotsOf(product.id);
    if (!booked) throw new Error("no timeslot");
    const owner = await db.product.findUniqueOrThrow({ where: { id: product.id } });
    let deletion: Promise<unknown> = Promise.resolve();
    // The sale holds the timeslot's row, uncommitted, while the delete starts and waits for it.
    await db.$transaction(async (tx) => {
      await tx.timeslot.update({ where: { id: booked.id }, data: { placesTaken: { increment: 2 } } });
      await tx.booking.create({
        data: {
          reference: "BK-SCHEDRACE",
          operatorId: owner.operatorId,
          productId: product.id,
          timeslotId: booked.id,
          startsAt: booked.startsAt,
          source: "POS",
          participants: 2,
          units: [],
          totalAmount: 2000,
          currency: "EUR",
          customerFirstName: customer.firstName,
          customerLastName: customer.lastName,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          waiverStatus: "COMPLETE",
        },
      });
      deletion = deleteSchedule(db, product, schedule.id, now);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await deletion).toEqual({ kept: [{ date: start, time: "12:00" }] });
    expect((await slotsOf(product.id)).map((slot) => slot.id)).toEqual([booked.id]);
  });

  it("closures close the dates' timeslots, also ones made later, and list the bookings", async () => {
    const product = await freshProduct("sched-closure");
    const day = addDays(today, 5);
    const one = await addOneOffTimeslot(db, product, { date: day, time: "10:00", capacity: 4 }, now);
    if (!one) throw new Error("no timeslot");
    await bookInto(product.id, one.id, one.startsAt, "BK-CLOSE001");
    const { affected } = await addClosure(db, product, { from: day, to: addDays(day, 1), reason: "Storm" }, now);
    expect(affected).toEqual(["BK-CLOSE001"]);
    await createSchedule(
      db,
      product,
      { startDate: day, endDate: addDays(day, 2), weekdays: everyDay, times: ["16:00"], capacity: 4 },
      now,
    );
    const slots = await slotsOf(product.id);
    expect(slots.map((slot) => slot.closed)).toEqual([true, true, true, false]);
    await expect(addOneOffTimeslot(db, product, { date: day, time: "10:00", capacity: 4 }, now)).rejects.toMatchObject({
      kind: "timeslot-exists",
    });
    await expect(
      patchTimeslotAt(
        db,
        (await db.product.findUniqueOrThrow({ where: { id: product.id } })).operatorId,
        product,
        { date: day, time: "10:00" },
        { capacity: 1 },
        now,
      ),
    ).rejects.toMatchObject({ kind: "capacity-below-taken", extra: { taken: 2 } });
  });
});

async function bookInto(productId: number, timeslotId: number, startsAt: Date, reference: string) {
  const product = await db.product.findUniqueOrThrow({ where: { id: productId } });
  await db.$transaction([
    db.booking.create({
      data: {
        reference,
        operatorId: product.operatorId,
        productId,
        timeslotId,
        startsAt,
        source: "POS",
        participants: 2,
        units: [],
        totalAmount: 2000,
        currency: "EUR",
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        waiverStatus: "COMPLETE",
      },
    }),
    db.timeslot.update({ where: { id: timeslotId }, data: { placesTaken: { increment: 2 } } }),
  ]);
}
