import pg from "pg";
import { describe, expect, it } from "vitest";

import { addDays, horizonEnd, localToInstants, SCHEDULE_HORIZON_DAYS, todayIn, WEEKDAYS } from "@slotwise/core";

import { verifyPassword } from "../src/auth/password.ts";
import { topUpSchedules } from "../src/catalog/schedules.ts";
import { DEMO, HARBOUR } from "../src/seed/catalog.ts";
import { seedDemoData } from "../src/seed/seed-demo-data.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const today = new Date("2026-11-22T10:00:00Z");
const first = await useTestDatabase();
const second = await useTestDatabase();

/**
 * Every row of every table, in a stable order: two databases with the same dump hold the
 * same data. `created_xid` is left out: it is the inserting transaction's id, bookkeeping
 * of the database itself rather than data; so is the change log, which tells caches what
 * changed and when, and so is when the availability feed recorded a change. Tickets are issued
 * by a trigger with a random code at the moment of the sale: their code's shape is compared, not
 * the code or that moment.
 */
async function dump(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('_prisma_migrations', 'change_log') ORDER BY 1`,
    );
    const out: Record<string, unknown[]> = {};
    for (const { table_name } of tables.rows) {
      const table = client.escapeIdentifier(table_name);
      const rows = (await client.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY ${table}::text`)).rows;
      const kept = rows.map(({ created_xid: _xid, recorded_at: _at, ...row }) =>
        table_name === "tickets"
          ? { ...row, code: /^[0-9a-f]{32}$/.test(String(row.code)), created_at: row.created_at instanceof Date }
          : row,
      );
      // Ordered again by what is compared: the row's text held the columns left out.
      out[table_name] = kept.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    }
    return out;
  } finally {
    await client.end();
  }
}

describe("demo seed", () => {
  it("seeds the same data on every run", async () => {
    expect(await seedDemoData(first.db, today)).toEqual({ seeded: true, operators: ["demo", "harbour"] });
    expect(await seedDemoData(second.db, today)).toEqual({ seeded: true, operators: ["demo", "harbour"] });
    const [a, b] = await Promise.all([dump(first.url), dump(second.url)]);
    expect(a.bookings!.length).toBeGreaterThan(300);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
  });

  it("adds nothing on a second run", async () => {
    const before = await dump(first.url);
    expect(await seedDemoData(first.db, today)).toEqual({ seeded: false, reason: "the demo operators already exist" });
    expect(await dump(first.url)).toEqual(before);
  });

  it("has what the console and the partners need to show", async () => {
    const { db } = first;
    const demo = await db.operator.findUniqueOrThrow({
      where: { slug: "demo" },
      include: { partners: true, users: true },
    });
    expect(demo.timeZone).toBe("Europe/Lisbon");
    expect(demo.partners.map((p) => [p.slug, p.name])).toEqual([
      ["acme-travel", "Acme Travel"],
      ["globetrek", "GlobeTrek"],
    ]);
    expect(await verifyPassword("correct-horse-battery", demo.users[0]!.passwordHash)).toBe(true);
    expect(await db.product.count({ where: { operatorId: demo.id } })).toBeGreaterThanOrEqual(6);
    const bookings = await db.booking.groupBy({ by: ["source"], where: { operatorId: demo.id }, _count: true });
    expect(bookings.map((b) => b.source).sort()).toEqual(["ONLINE", "PARTNER", "POS"]);
    expect(bookings.reduce((n, b) => n + b._count, 0)).toBeGreaterThanOrEqual(280);
    expect(await db.booking.count({ where: { operatorId: demo.id, source: "PARTNER", paymentReference: null } })).toBe(
      0,
    );
    const types = await db.waiverQuestion.findMany({
      where: { product: { operatorId: demo.id } },
      distinct: ["type"],
      select: { type: true },
    });
    expect(types.map((t) => t.type).sort()).toEqual(
      expect.arrayContaining(["BOOLEAN", "DATE", "FILE", "SELECT", "TEXT"]),
    );
    const future = { product: { operatorId: demo.id }, startsAt: { gt: today } };
    const soldOut = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM timeslots t JOIN products p ON p.id = t.product_id
       WHERE p.operator_id = ${demo.id} AND t.starts_at > ${today} AND t.places_taken = t.capacity`;
    expect(soldOut[0]!.n).toBeGreaterThan(0);
    expect(await db.timeslot.count({ where: { ...future, closed: true } })).toBeGreaterThan(0);
    expect(await db.waitlistEntry.count({ where: { operatorId: demo.id } })).toBeGreaterThan(0);
    const meters = await db.usageEntry.groupBy({ by: ["meter"], where: { operatorId: demo.id }, _count: true });
    expect(meters.map((m) => m.meter).sort()).toEqual([
      "api-calls",
      "order-completed",
      "sms-sent",
      "storage-gb",
      "waitlist-notified",
      "workflow-email-sent",
    ]);
    expect(await db.usageEntry.count({ where: { operator: { slug: "harbour" } } })).toBeGreaterThan(0);
    const defined = await db.meterDefinition.findMany({ where: { operatorId: demo.id }, orderBy: { meter: "asc" } });
    expect(defined.map((d) => [d.meter, d.unit])).toEqual([
      ["api-calls", "calls"],
      ["sms-sent", "SMS"],
      ["storage-gb", "GB"],
    ]);
  });

  it("keeps every timeslot's places taken equal to its confirmed bookings", async () => {
    const drift = await first.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM timeslots t
       WHERE t.places_taken <> COALESCE((SELECT sum(b.participants) FROM bookings b WHERE b.timeslot_id = t.id AND b.status IN ('CONFIRMED', 'ON_HOLD')), 0)`;
    expect(drift[0]!.n).toBe(0);
  });

  it("records one order-completed per paid order and one meter per sent e-mail", async () => {
    const counts = await first.db.$queryRaw<{ orders: number; ordered: number; sent: number; metered: number }[]>`
      SELECT (SELECT count(*)::int FROM orders WHERE paid) AS orders,
             (SELECT count(*)::int FROM usage_entries WHERE meter = 'order-completed') AS ordered,
             (SELECT count(*)::int FROM outbox_emails WHERE status = 'SENT') AS sent,
             (SELECT count(*)::int FROM usage_entries WHERE meter IN ('workflow-email-sent', 'waitlist-notified')) AS metered`;
    expect(counts[0]!.ordered).toBe(counts[0]!.orders);
    expect(counts[0]!.metered).toBe(counts[0]!.sent);
  });

  it("expresses every activity's timeslots as a daily schedule that the worker's top-up moves on", async () => {
    const { db } = first;
    const day = today.toISOString().slice(0, 10);
    const schedules = await db.schedule.findMany({
      include: { product: { select: { name: true, timeZone: true, operator: { select: { slug: true } } } } },
      orderBy: { id: "asc" },
    });
    const specs = [DEMO, HARBOUR].flatMap((spec) => spec.activities.map((a) => ({ slug: spec.slug, ...a })));
    expect(schedules.map((s) => [s.product.operator.slug, s.product.name, s.times, s.capacity])).toEqual(
      specs.map((a) => [a.slug, a.name, a.times, a.capacity]),
    );
    for (const schedule of schedules) {
      expect(schedule.weekdays).toEqual([...WEEKDAYS]);
      expect(schedule.endDate).toBeNull();
      expect(schedule.startDate.toISOString().slice(0, 10)).toBe(addDays(day, -90));
      expect(schedule.materialisedUntil.toISOString().slice(0, 10)).toBe(horizonEnd(day));
    }
    // Every timeslot, past and future, is its activity's schedule's; the future ones reach the horizon.
    expect(await db.timeslot.count({ where: { scheduleId: null } })).toBe(0);
    const cruise = await db.product.findFirstOrThrow({
      where: { operator: { slug: "demo" } },
      orderBy: { name: "asc" },
      include: { timeslots: { orderBy: { startsAt: "desc" }, take: 1 } },
    });
    expect(cruise.name).toBe("Age of Discovery River Cruise");
    expect(cruise.timeslots[0]!.capacity).toBe(200);
    const last = cruise.timeslots[0]!.startsAt.getTime();
    expect(last).toBeGreaterThan(today.getTime() + (SCHEDULE_HORIZON_DAYS - 1) * 86_400_000);

    // A month on, the top-up makes the month's new days, once, however often it runs.
    const later = new Date(today.getTime() + 30 * 86_400_000);
    // Each schedule gains the local days after its horizon up to the new one, in its zone, each
    // with the times that exist on that day there (a time in a spring-forward gap does not).
    const expected = schedules.reduce((n, schedule) => {
      const zone = schedule.product.timeZone;
      const to = horizonEnd(todayIn(zone, later));
      let made = 0;
      for (let date = addDays(horizonEnd(day), 1); date <= to; date = addDays(date, 1))
        made += schedule.times.filter((time) => localToInstants(date, time, zone).length > 0).length;
      return n + made;
    }, 0);
    expect(expected).toBeGreaterThan(0);
    expect(await topUpSchedules(db, later)).toBe(expected);
    expect(await topUpSchedules(db, later)).toBe(0);
    const duplicates = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (
        SELECT product_id, starts_at FROM timeslots GROUP BY 1, 2 HAVING count(*) > 1) d`;
    expect(duplicates[0]!.n).toBe(0);
    const newest = await db.timeslot.findFirstOrThrow({
      where: { productId: cruise.id },
      orderBy: { startsAt: "desc" },
    });
    expect(newest.startsAt.getTime()).toBeGreaterThan(later.getTime() + (SCHEDULE_HORIZON_DAYS - 1) * 86_400_000);
    expect(newest.capacity).toBe(200);
  });
});
