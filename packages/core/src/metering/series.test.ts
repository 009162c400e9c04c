import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { localBuckets } from "../time/local-buckets.ts";
import { fieldErrorsOf } from "../validation/field-errors.ts";
import { ExactDecimal } from "./exact-decimal.ts";
import { makePeriod } from "./period.ts";
import { seriesQuerySchema } from "./series-query.ts";
import { assembleSeries, type SeriesRows, type WindowTotal } from "./series.ts";

const errorsOf = (query: Record<string, unknown>) => {
  const r = seriesQuerySchema.safeParse(query);
  return r.success ? [] : fieldErrorsOf(r.error);
};

describe("the series query", () => {
  it("defaults the window to day and takes one meter or several, repeats once", () => {
    expect(seriesQuerySchema.parse({ from: "2026-11-01", to: "2026-11-30" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      window: "day",
    });
    expect(seriesQuerySchema.parse({ from: "2026-11-01", to: "2026-11-01", meter: " order-completed " })).toMatchObject(
      { meter: ["order-completed"] },
    );
    expect(seriesQuerySchema.parse({ from: "2026-11-01", to: "2026-11-01", meter: ["a", "b", "a"] })).toMatchObject({
      meter: ["a", "b"],
    });
  });

  it("allows hour windows up to 31 days, and names window beyond", () => {
    expect(errorsOf({ from: "2026-01-01", to: "2026-01-31", window: "hour" })).toEqual([]);
    expect(errorsOf({ from: "2026-01-01", to: "2026-02-01", window: "hour" })).toEqual([
      { field: "window", message: "window hour is allowed for periods of at most 31 days; use day or month" },
    ]);
    expect(errorsOf({ from: "2026-01-01", to: "2026-12-31", window: "month" })).toEqual([]);
    expect(errorsOf({ from: "2026-01-01", to: "2026-01-02", window: "minute" })).toEqual([
      { field: "window", message: "window must be hour, day or month" },
    ]);
  });
});

describe("assembling a series", () => {
  const period = makePeriod("2026-11-01", "2026-11-03", "UTC");
  const windows = localBuckets("2026-11-01", "2026-11-03", "UTC", "day");
  const row = (meter: string, window: number, total: string, events: number): WindowTotal => ({
    meter,
    window,
    total,
    events,
  });

  it("gives every meter every window, zeros included, ordered by exact total then name", () => {
    const rows = [row("b", 0, "0.1", 1), row("b", 2, "0.2", 1), row("a", 1, "0.3", 2), row("c", 1, "5", 1)];
    const { Series } = assembleSeries(period, "day", windows, summed(rows));
    expect(Series.map((s) => s.Meter)).toEqual(["c", "a", "b"]);
    expect(Series[2]?.Points).toEqual([
      { Start: "2026-11-01", StartTimestamp: 1793491200, TotalUsage: 0.1, EventCount: 1 },
      { Start: "2026-11-02", StartTimestamp: 1793577600, TotalUsage: 0, EventCount: 0 },
      { Start: "2026-11-03", StartTimestamp: 1793664000, TotalUsage: 0.2, EventCount: 1 },
    ]);
  });

  it("orders the meters by the totals the database gives, compared exactly, not by their cells", () => {
    const cells = [row("a", 0, "1", 1), row("b", 0, "1", 1), row("c", 0, "1", 1)];
    const totals = new Map([
      ["a", "0.300000000000000000001"],
      ["b", "0.3"],
      ["c", "0.3000000000000000000011"],
    ]);
    const { Series } = assembleSeries(period, "day", windows, { cells, totals });
    expect(Series.map((s) => s.Meter)).toEqual(["c", "a", "b"]);
  });

  it("answers the meters asked for, unused ones as zeros, and refuses more than 25 unasked", () => {
    const { Series } = assembleSeries(period, "day", windows, summed([row("a", 0, "1", 1)]), ["z", "a"]);
    expect(Series.map((s) => [s.Meter, s.Points.map((p) => p.TotalUsage)])).toEqual([
      ["a", [1, 0, 0]],
      ["z", [0, 0, 0]],
    ]);
    const many = Array.from({ length: 26 }, (_, i) => row(`m${i}`, 0, "1", 1));
    expect(() => assembleSeries(period, "day", windows, summed(many))).toThrow(
      "26 meters have usage in this period; name at most 25 of them with meter",
    );
    expect(assembleSeries(period, "day", windows, summed(many.slice(1))).Series).toHaveLength(25);
  });
});

describe("a series' numbers", () => {
  const period = makePeriod("2026-03-28", "2026-04-02", "Europe/Berlin");
  const windows = localBuckets("2026-03-28", "2026-04-02", "Europe/Berlin", "day");
  // An exact decimal as PostgreSQL prints a sum of numeric(38, 12) amounts: up to 46 integer
  // digits (2^64 entries), up to 12 decimals, trailing zeros kept, sometimes negative.
  const decimalText = fc
    .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,45})$/), fc.stringMatching(/^\d{0,12}$/))
    .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`);
  const rows = fc.uniqueArray(
    fc.record({
      meter: fc.constantFrom("a", "b", "c", "d"),
      window: fc.nat({ max: windows.length - 1 }),
      total: decimalText,
      events: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    { selector: (r) => `${r.meter}@${r.window}` },
  );

  it("become the nearest double of each exact sum, as an exact decimal's toNumber gives", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const [point] = assembleSeries(period, "day", windows, summed([row("a", 0, text, 1)])).Series[0]?.Points ?? [];
        expect(Object.is(point?.TotalUsage, new ExactDecimal(text).toNumber())).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("are those of the plain per-point construction: every window, zeros, exact order of meters", () => {
    fc.assert(
      fc.property(rows, (cells) => {
        // The first version of assembleSeries, an exact decimal per point, as the reference.
        const totals = new Map<string, InstanceType<typeof ExactDecimal>>();
        for (const c of cells) totals.set(c.meter, (totals.get(c.meter) ?? new ExactDecimal(0)).plus(c.total));
        const order = [...totals.keys()].sort((a, b) => {
          const byTotal = (totals.get(b) ?? new ExactDecimal(0)).comparedTo(totals.get(a) ?? new ExactDecimal(0));
          return byTotal !== 0 ? byTotal : a < b ? -1 : a > b ? 1 : 0;
        });
        const expected = order.map((meter) => ({
          Meter: meter,
          Points: windows.map((w, i) => {
            const cell = cells.find((c) => c.meter === meter && c.window === i);
            return {
              Start: w.label,
              StartTimestamp: Math.floor(w.start.getTime() / 1000),
              TotalUsage: new ExactDecimal(cell?.total ?? 0).toNumber(),
              EventCount: cell?.events ?? 0,
            };
          }),
        }));
        expect(JSON.stringify(assembleSeries(period, "day", windows, summed(cells)).Series)).toBe(
          JSON.stringify(expected),
        );
      }),
      { numRuns: 300 },
    );
  });
});

function row(meter: string, window: number, total: string, events: number): WindowTotal {
  return { meter, window, total, events };
}

/** The rows with each meter's total as the database sums it (exactly; its text as decimal.js writes it). */
function summed(cells: WindowTotal[]): SeriesRows {
  const totals = new Map<string, InstanceType<typeof ExactDecimal>>();
  for (const c of cells) totals.set(c.meter, (totals.get(c.meter) ?? new ExactDecimal(0)).plus(c.total));
  return { cells, totals: new Map([...totals].map(([meter, total]) => [meter, total.toFixed()])) };
}
