import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addDays, ExactDecimal, localBuckets, makePeriod, periodInstants, type BucketUnit } from "@slotwise/core";

import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { usageSeries } from "../src/usage/usage-series.ts";

const { db } = await useTestDatabase();

/** Undoes a transaction while carrying what it read out of it. */
class Rollback extends Error {
  constructor(readonly rows: Awaited<ReturnType<typeof usageSeries>>) {
    super("rolled back");
  }
}
const operator = await db.operator.create({ data: { slug: "series", name: "Series", timeZone: "UTC" } });

async function record(meter: string, usage: string, iso: string) {
  await db.usageEntry.create({ data: { operatorId: operator.id, meter, usage, occurredAt: new Date(iso) } });
}

async function series(from: string, to: string, zone: string, unit: BucketUnit, meters: string[] | null = null) {
  const { end } = periodInstants(makePeriod(from, to, zone));
  const windows = localBuckets(from, to, zone, unit);
  const { cells } = await usageSeries(
    db,
    operator.id,
    windows.map((w) => w.start),
    end,
    meters,
  );
  return cells
    .map((r) => [
      windows[r.window]?.start.toISOString(),
      windows[r.window]?.label,
      r.meter,
      new ExactDecimal(r.total).toFixed(),
      r.events,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[2]).localeCompare(String(b[2])));
}

describe("usage series in local windows computed by the application", () => {
  it("puts each entry in its local day and hour, the hour the autumn change repeats twice", async () => {
    // Lisbon falls back at 02:00 WEST to 01:00 WET on 2026-10-25: 00:30Z and 01:30Z are both 01:30 local.
    await record("a", "1", "2026-10-25T00:30:00Z");
    await record("a", "2", "2026-10-25T01:30:00Z");
    await record("a", "4", "2026-10-24T23:30:00Z");
    await record("b", "0.5", "2026-10-25T22:59:59Z");
    await compactUsageFully(db);
    await record("a", "8", "2026-10-25T01:45:00Z");
    expect(await series("2026-10-25", "2026-10-25", "Europe/Lisbon", "hour")).toEqual([
      ["2026-10-24T23:00:00.000Z", "2026-10-25T00:00", "a", "4", 1],
      ["2026-10-25T00:00:00.000Z", "2026-10-25T01:00", "a", "1", 1],
      ["2026-10-25T01:00:00.000Z", "2026-10-25T01:00", "a", "10", 2],
      ["2026-10-25T22:00:00.000Z", "2026-10-25T22:00", "b", "0.5", 1],
    ]);
    expect(await series("2026-10-24", "2026-10-25", "Europe/Lisbon", "day")).toEqual([
      ["2026-10-24T23:00:00.000Z", "2026-10-25", "a", "15", 4],
      ["2026-10-24T23:00:00.000Z", "2026-10-25", "b", "0.5", 1],
    ]);
  });

  it("reads back any meter name the table holds, separators and line breaks included", async () => {
    // The API refuses such names; a row written by hand must still come back as it is.
    const odd = 'a,1;2\n"b"\\c\té';
    await record(odd, "0.25", "2026-03-01T10:00:00Z");
    await record(odd, "3", "2026-03-01T11:00:00Z");
    await compactUsageFully(db);
    await record(odd, "100000000000.000001", "2026-03-01T12:00:00Z");
    expect(await series("2026-03-01", "2026-03-01", "UTC", "day", [odd])).toEqual([
      ["2026-03-01T00:00:00.000Z", "2026-03-01", odd, "100000000003.250001", 3],
    ]);
  });

  it("counts only the meters asked for", async () => {
    expect(await series("2026-10-01", "2026-11-30", "Europe/Lisbon", "month", ["b", "none"])).toEqual([
      ["2026-09-30T23:00:00.000Z", "2026-10-01", "b", "0.5", 1],
    ]);
  });

  it("takes a zone PostgreSQL does not know, as long as the application does", async () => {
    await record("c", "3", "2026-03-08T10:15:00Z");
    expect(await series("2026-03-08", "2026-03-08", "US/Pacific-New", "hour")).toEqual([
      ["2026-03-08T10:00:00.000Z", "2026-03-08T03:00", "c", "3", 1],
    ]);
  });

  it.each([
    ["every kept shift", undefined],
    ["a shift the database no longer keeps", 1110],
  ] as const)("answers a Kolkata month of days from %s", async (_, dropped) => {
    const other = await db.operator.create({
      data: { slug: `series-kept-${dropped ?? "all"}`, name: "Kept", timeZone: "UTC" },
    });
    const entries = Array.from({ length: 400 }, (_, i) => ({
      operatorId: other.id,
      meter: "k",
      usage: "0.5",
      occurredAt: new Date(Date.parse("2026-08-30T18:30:00Z") + i * 7_200_000),
    }));
    await db.usageEntry.createMany({ data: entries });
    await compactUsageFully(db);
    const { end } = periodInstants(makePeriod("2026-09-01", "2026-09-30", "Asia/Kolkata"));
    const starts = localBuckets("2026-09-01", "2026-09-30", "Asia/Kolkata", "day").map((w) => w.start);
    const expected = starts.map((s, i) => {
      const inside = entries.filter((e) => e.occurredAt >= s && e.occurredAt < (starts[i + 1] ?? end));
      return { meter: "k", window: i, total: String(inside.length / 2), events: inside.length };
    });
    // Dropped with its rows, in a transaction that is then undone, after the series planned
    // with it (as a series that read the list just before the drop would): the statement finds
    // it gone in its own snapshot, and the answer is asked again from UTC days and edges, not
    // from the rows that are no longer there.
    const rows = await db
      .$transaction(async (tx) => {
        const planned = new Map(
          (await tx.usageDayShift.findMany()).map((s) => [s.minutes, s.materializedThrough.getTime()]),
        );
        if (dropped !== undefined) {
          await tx.usageDayShift.delete({ where: { minutes: dropped } });
          await tx.usageRollupShiftedDay.deleteMany({ where: { dayShift: dropped } });
        }
        throw new Rollback(await usageSeries(tx, other.id, starts, end, null, planned));
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.rows.cells;
        throw error;
      });
    expect(rows.map((r) => ({ ...r, total: new ExactDecimal(r.total).toFixed() }))).toEqual(expected);
  });

  it.each([
    ["UTC", "day", "2026-09-01", "2026-11-10"],
    ["UTC", "month", "2026-09-01", "2026-11-10"],
    ["America/New_York", "month", "2026-09-15", "2026-11-10"],
    ["Europe/Berlin", "day", "2026-09-01", "2026-11-10"],
    ["Asia/Kathmandu", "day", "2026-09-01", "2026-11-10"],
    // Days that take a UTC day less its rest, on either side, with usage just outside the period.
    ["Asia/Kolkata", "day", "2026-09-02", "2026-11-10"],
    ["Asia/Kolkata", "month", "2026-09-01", "2026-11-10"],
    ["Europe/Berlin", "month", "2026-09-01", "2026-11-10"],
    ["America/New_York", "day", "2026-09-15", "2026-11-10"],
    ["Asia/Kolkata", "hour", "2026-10-10", "2026-11-09"],
  ] as const)(
    "sums %s %s windows as the entries add up, every rollup and the tail alike",
    async (zone, unit, from, to) => {
      const other = await db.operator.upsert({
        where: { slug: "series-spans" },
        update: {},
        create: { slug: "series-spans", name: "Spans", timeZone: "UTC" },
      });
      // Every 2h13m7s from 2026-09-01: off the quarter hours, through both autumn changes.
      const entries = Array.from({ length: 800 }, (_, i) => ({
        operatorId: other.id,
        meter: i % 3 === 0 ? "x" : "y",
        usage: ["0.1", "0.2", "3", "1.25", "0.000001"][i % 5] ?? "1",
        occurredAt: new Date(Date.parse("2026-09-01T00:00:00Z") + i * 7_987_000),
      }));
      if ((await db.usageEntry.count({ where: { operatorId: other.id } })) === 0) {
        await db.usageEntry.createMany({ data: entries.slice(0, 500) });
        await compactUsageFully(db);
        await db.usageEntry.createMany({ data: entries.slice(500) });
      }
      const { end } = periodInstants(makePeriod(from, to, zone));
      const starts = localBuckets(from, to, zone, unit).map((w) => w.start);
      const expected = new Map<string, [number, number]>();
      for (const e of entries.filter((x) => x.occurredAt >= starts[0]! && x.occurredAt < end)) {
        const window = starts.filter((s) => s <= e.occurredAt).length - 1;
        const [micro, events] = expected.get(`${e.meter}@${window}`) ?? [0, 0];
        expected.set(`${e.meter}@${window}`, [micro + Math.round(Number(e.usage) * 1e6), events + 1]);
      }
      const { cells } = await usageSeries(db, other.id, starts, end, null);
      const actual = new Map(
        cells.map((r) => [`${r.meter}@${r.window}`, [new ExactDecimal(r.total).times(1e6).toNumber(), r.events]]),
      );
      expect(actual).toEqual(expected);
      expect(actual.size).toBeGreaterThan(1);
    },
  );

  it("property: any zone's hour, day and month windows from the 15-minute, hourly, daily and shifted-day rollups equal the entries", async () => {
    const zones = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns", "Europe/Berlin", "Australia/Lord_Howe"];
    const origin = Date.parse("2026-03-25T00:00:00Z");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            meter: fc.constantFrom("p", "q"),
            minutes: fc.integer({ min: 0, max: 12 * 24 * 60 }),
            micro: fc.integer({ min: 1, max: 10 ** 9 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        fc.nat({ max: 59 }),
        fc.constantFrom(...zones),
        fc.constantFrom<BucketUnit>("hour", "day", "month"),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 2 }),
        async (entries, compactAfter, zone, unit, firstDay, days) => {
          const owner = await db.operator.create({
            data: { slug: `series-property-${crypto.randomUUID()}`, name: "Property", timeZone: "UTC" },
          });
          const rows = entries.map((e) => ({
            operatorId: owner.id,
            meter: e.meter,
            usage: new ExactDecimal(e.micro).dividedBy(1e6).toFixed(),
            occurredAt: new Date(origin + e.minutes * 60_000),
          }));
          await db.usageEntry.createMany({ data: rows.slice(0, compactAfter) });
          await compactUsageFully(db);
          await db.usageEntry.createMany({ data: rows.slice(compactAfter) });
          const from = addDays("2026-03-25", firstDay);
          const to = addDays(from, unit === "hour" ? 0 : days);
          const { end } = periodInstants(makePeriod(from, to, zone));
          const starts = localBuckets(from, to, zone, unit).map((w) => w.start);
          const expected = new Map<string, [number, number]>();
          const expectedTotals = new Map<string, number>();
          for (const [i, e] of entries.entries()) {
            const at = rows[i]!.occurredAt;
            if (at < starts[0]! || at >= end) continue;
            const window = starts.filter((s) => s <= at).length - 1;
            const [micro, events] = expected.get(`${e.meter}@${window}`) ?? [0, 0];
            expected.set(`${e.meter}@${window}`, [micro + e.micro, events + 1]);
            expectedTotals.set(e.meter, (expectedTotals.get(e.meter) ?? 0) + e.micro);
          }
          const { cells, totals } = await usageSeries(db, owner.id, starts, end, null);
          const actual = new Map(
            cells.map((r) => [`${r.meter}@${r.window}`, [new ExactDecimal(r.total).times(1e6).toNumber(), r.events]]),
          );
          expect(actual).toEqual(expected);
          const micros = (total: string) => new ExactDecimal(total).times(1e6).toNumber();
          expect(new Map([...totals].map(([meter, total]) => [meter, micros(total)]))).toEqual(expectedTotals);
        },
      ),
      { numRuns: 30 },
    );
  });
});
