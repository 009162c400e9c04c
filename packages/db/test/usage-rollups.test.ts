import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ExactDecimal } from "@slotwise/core";

import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { compactUsage } from "../src/usage/compact-usage.ts";
import { usageTotals } from "../src/usage/summarize-usage.ts";

const { db } = await useTestDatabase();
const operator = await db.operator.create({ data: { slug: "meters", name: "Meters", timeZone: "UTC" } });
const other = await db.operator.create({ data: { slug: "other", name: "Other" } });
const DAY = 86_400_000;
const origin = Date.parse("2026-03-27T00:00:00Z");

/** The truth: the entries themselves, summed by PostgreSQL. */
async function truth(start: Date, end: Date) {
  const rows = await db.$queryRaw<{ meter: string; total: string; events: bigint }[]>`
    SELECT meter, sum(usage)::text AS total, count(*)::bigint AS events FROM usage_entries
     WHERE operator_id = ${operator.id} AND occurred_at >= ${start} AND occurred_at < ${end} GROUP BY meter`;
  return Object.fromEntries(rows.map((r) => [r.meter, [new ExactDecimal(r.total).toFixed(), Number(r.events)]]));
}

/** Hours where the hourly rollups differ from their 15-minute rollups summed (none, ever). */
async function hoursOutOfStep() {
  return db.$queryRaw<{ operator_id: number; hour: Date; meter: string }[]>`
    WITH quarters AS (
      SELECT operator_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z') AS hour, meter,
             sum(total) AS total, sum(events) AS events
        FROM usage_rollups_15m GROUP BY 1, 2, 3
    )
    SELECT COALESCE(q.operator_id, h.operator_id) AS operator_id, COALESCE(q.hour, h.hour_start) AS hour,
           COALESCE(q.meter, h.meter) AS meter
      FROM quarters q FULL JOIN usage_rollups_hourly h
        ON h.operator_id = q.operator_id AND h.hour_start = q.hour AND h.meter = q.meter
     WHERE q.total IS DISTINCT FROM h.total OR q.events IS DISTINCT FROM h.events`;
}

/**
 * Shifted days made (before their shift's `materialized_through`) that differ from their
 * 15-minute rollups summed, and rows for days not made yet (none, ever).
 */
async function shiftedDaysOutOfStep() {
  return db.$queryRaw<{ operator_id: number; day_start: Date; meter: string }[]>`
    WITH quarters AS (
      SELECT q.operator_id, s.minutes AS day_shift,
             date_bin('1 day', q.bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z' + s.minutes * INTERVAL '1 minute') AS day_start,
             q.meter, sum(q.total) AS total, sum(q.events) AS events
        FROM usage_rollups_15m q CROSS JOIN usage_day_shifts s GROUP BY 1, 2, 3, 4
    ),
    made AS (
      SELECT q.* FROM quarters q JOIN usage_day_shifts s ON s.minutes = q.day_shift AND q.day_start < s.materialized_through
    )
    SELECT COALESCE(q.operator_id, d.operator_id) AS operator_id, COALESCE(q.day_start, d.day_start) AS day_start,
           COALESCE(q.meter, d.meter) AS meter
      FROM made q FULL JOIN usage_rollups_shifted_days d
        ON d.operator_id = q.operator_id AND d.day_shift = q.day_shift AND d.day_start = q.day_start AND d.meter = q.meter
     WHERE q.total IS DISTINCT FROM d.total OR q.events IS DISTINCT FROM d.events`;
}

async function totals(start: Date, end: Date) {
  const rows = await usageTotals(db, operator.id, start, end);
  return Object.fromEntries(rows.map((r) => [r.meter, [new ExactDecimal(r.totalUsage).toFixed(), r.eventCount]]));
}

describe("usage rollups", () => {
  it("property: rollups plus the uncompacted tail always sum to exactly what the entries hold", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            meter: fc.constantFrom("api-calls", "sms", "gb"),
            minutes: fc.integer({ min: 0, max: 6 * 24 * 60 }),
            usage: fc
              .tuple(fc.integer({ min: 1, max: 10 ** 6 }), fc.integer({ min: 0, max: 12 }))
              .map(([n, s]) => new ExactDecimal(n).dividedBy(new ExactDecimal(10).pow(s)).toFixed()),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.boolean(),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 * 96 }), fc.integer({ min: 1, max: 6 * 96 })), {
          minLength: 1,
          maxLength: 5,
        }),
        async (entries, compactMidway, windows) => {
          const half = Math.floor(entries.length / 2);
          const insert = (batch: typeof entries) =>
            db.usageEntry.createMany({
              data: batch.map((e) => ({
                operatorId: operator.id,
                meter: e.meter,
                usage: e.usage,
                occurredAt: new Date(origin + e.minutes * 60_000),
              })),
            });
          await insert(entries.slice(0, half));
          if (compactMidway) await compactUsageFully(db);
          await insert(entries.slice(half));
          await db.usageEntry.create({
            data: { operatorId: other.id, meter: "api-calls", usage: "1000", occurredAt: new Date(origin + DAY) },
          });
          for (const [from, length] of windows) {
            const start = new Date(origin + from * 15 * 60_000);
            const end = new Date(start.getTime() + length * 15 * 60_000);
            expect(await totals(start, end)).toEqual(await truth(start, end));
          }
          expect(await hoursOutOfStep()).toEqual([]);
          expect(await shiftedDaysOutOfStep()).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("counts an entry whose transaction was still open during a compaction exactly once", async () => {
    await compactUsage(db);
    const start = new Date(origin + 10 * DAY);
    const end = new Date(origin + 11 * DAY);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((r) => (inserted = r));
    const open = db.$transaction(async (tx) => {
      await tx.usageEntry.create({
        data: {
          operatorId: operator.id,
          meter: "late",
          usage: "2.5",
          occurredAt: new Date(start.getTime() + 3_600_000),
        },
      });
      inserted();
      await held;
    });
    await insertedSignal;
    await db.usageEntry.create({
      data: { operatorId: operator.id, meter: "late", usage: "1", occurredAt: new Date(start.getTime() + 7_200_000) },
    });
    await compactUsage(db);
    release();
    await open;
    expect(await totals(start, end)).toEqual({ late: ["3.5", 2] });
    await compactUsage(db);
    await compactUsage(db);
    expect(await totals(start, end)).toEqual({ late: ["3.5", 2] });
    expect(await totals(start, end)).toEqual(await truth(start, end));
  });

  it("sums periods whose ends are not on quarter hours straight from the entries", async () => {
    const start = new Date(origin + 7 * 60_000);
    const end = new Date(origin + 2 * DAY + 11 * 60_000);
    expect(await totals(start, end)).toEqual(await truth(start, end));
  });

  it("keeps shifted days for every midnight of the time zone database of 2026, both sides of summer time", async () => {
    const midnights = new Set<number>();
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      for (let day = 0; day < 365; day += 5) {
        const at = new Date(Date.UTC(2026, 0, 1) + day * DAY);
        const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
          .formatToParts(at)
          .find((p) => p.type === "timeZoneName")?.value;
        const [, sign, hours, minutes] = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? "") ?? [];
        const offset = sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
        if (offset % 1440 !== 0) midnights.add(((-offset % 1440) + 1440) % 1440);
      }
    }
    const kept = await db.usageDayShift.findMany({ orderBy: { minutes: "asc" } });
    expect(kept.map((s) => s.minutes)).toEqual([...midnights].sort((a, b) => a - b));
  });

  it("keeps the hourly rollups and shifted days in step with the 15-minute ones whoever writes them (a compactor of the release before)", async () => {
    const hour = new Date(origin + 20 * DAY);
    // What a compactor that knows nothing of hours does: 15-minute rows only, added to on conflict.
    const fold = (offsetMinutes: number, total: string) => db.$executeRaw`
      INSERT INTO usage_rollups_15m (operator_id, bucket_start, meter, total, events)
      VALUES (${operator.id}, ${new Date(hour.getTime() + offsetMinutes * 60_000)}, 'old-fold', ${total}::numeric, 1)
      ON CONFLICT (operator_id, bucket_start, meter)
      DO UPDATE SET total = usage_rollups_15m.total + EXCLUDED.total, events = usage_rollups_15m.events + EXCLUDED.events`;
    await fold(0, "1.5");
    await fold(45, "0.25");
    await fold(0, "2");
    const hourly = () =>
      db.usageRollupHourly.findMany({
        where: { operatorId: operator.id, meter: "old-fold" },
        orderBy: { hourStart: "asc" },
      });
    expect((await hourly()).map((h) => [h.hourStart.toISOString(), h.total.toFixed(), Number(h.events)])).toEqual([
      [hour.toISOString(), "3.75", 3],
    ]);
    expect(await hoursOutOfStep()).toEqual([]);
    expect(await shiftedDaysOutOfStep()).toEqual([]);
    const kolkataDay = () =>
      db.usageRollupShiftedDay.findMany({ where: { operatorId: operator.id, meter: "old-fold", dayShift: 1110 } });
    expect((await kolkataDay()).map((d) => [d.total.toFixed(), Number(d.events)])).toEqual([["3.75", 3]]);
    await db.$executeRaw`DELETE FROM usage_rollups_15m WHERE operator_id = ${operator.id} AND meter = 'old-fold' AND bucket_start = ${hour}`;
    expect((await hourly()).map((h) => [h.total.toFixed(), Number(h.events)])).toEqual([["0.25", 1]]);
    expect((await kolkataDay()).map((d) => [d.total.toFixed(), Number(d.events)])).toEqual([["0.25", 1]]);
    await db.$executeRaw`DELETE FROM usage_rollups_15m WHERE operator_id = ${operator.id} AND meter = 'old-fold'`;
    expect(await hourly()).toEqual([]);
    expect(await kolkataDay()).toEqual([]);
    expect(await hoursOutOfStep()).toEqual([]);
    expect(await shiftedDaysOutOfStep()).toEqual([]);
  });
  // Last: it moves every shift's made days a few days ahead for the rest of this file.
  it("makes each shifted day once it has closed, once, and keeps it in step with later folds", async () => {
    const day = new Date(Math.ceil(Date.now() / DAY) * DAY + 3 * DAY);
    const entry = (minutes: number, usage: string) =>
      db.usageEntry.create({
        data: {
          operatorId: operator.id,
          meter: "closing",
          usage,
          occurredAt: new Date(day.getTime() + minutes * 60_000),
        },
      });
    const kolkata = () =>
      db.usageRollupShiftedDay.findMany({
        where: { operatorId: operator.id, meter: "closing", dayShift: 1110 },
        orderBy: { dayStart: "asc" },
      });
    await entry(60, "1.5");
    await compactUsageFully(db);
    // Open days are not kept: folds into them cost nothing more.
    expect(await kolkata()).toEqual([]);
    await compactUsageFully(db, new Date(day.getTime() + 3 * DAY));
    expect((await kolkata()).map((d) => [d.dayStart.toISOString(), d.total.toFixed(), Number(d.events)])).toEqual([
      [new Date(day.getTime() - 5.5 * 3_600_000).toISOString(), "1.5", 1],
    ]);
    await compactUsageFully(db, new Date(day.getTime() + 4 * DAY));
    await entry(120, "2");
    await compactUsageFully(db, new Date(day.getTime() + 4 * DAY));
    expect((await kolkata()).map((d) => [d.total.toFixed(), Number(d.events)])).toEqual([["3.5", 2]]);
    expect(await shiftedDaysOutOfStep()).toEqual([]);
  });
});
