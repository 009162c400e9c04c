import { describe, expect, it } from "vitest";

import { localBuckets, makePeriod, periodInstants, type BucketUnit } from "@slotwise/core";

import { rollupSpans } from "../src/usage/rollup-spans.ts";

/** Rollup rows read per meter and window for a year of `unit` windows in `zone`. */
function rowsPerWindow(zone: string, unit: BucketUnit, from = "2026-01-01", to = "2026-12-31") {
  const starts = localBuckets(from, to, zone, unit).map((w) => w.start);
  const { end } = periodInstants(makePeriod(from, to, zone));
  const { days, hours, quarters } = rollupSpans(starts, end);
  const count = (spans: typeof hours, ms: number) =>
    spans.from.reduce((rows, f, i) => rows + (Date.parse(spans.to[i] ?? f) - Date.parse(f)) / ms, 0);
  return (days.day.length + count(hours, 3_600_000) + count(quarters, 900_000)) / starts.length;
}

describe("rollup spans", () => {
  it("read a zone's day edges off UTC midnight as whole hours between quarters, once for both windows", () => {
    expect(rowsPerWindow("UTC", "day")).toBe(1);
    // A Kolkata day: its UTC day less 18:30-24:00 (two quarters and five hours), shared with the next.
    expect(rowsPerWindow("Asia/Kolkata", "day")).toBeCloseTo(8, 0);
    // Berlin: one hour (two in summer) on each side of UTC midnight.
    expect(rowsPerWindow("Europe/Berlin", "day")).toBeLessThan(2.6);
    expect(rowsPerWindow("UTC", "hour", "2026-03-01", "2026-03-31")).toBe(1);
    // An hour of a half-hour zone holds no whole UTC hour: its four quarters.
    expect(rowsPerWindow("Asia/Kolkata", "hour", "2026-03-01", "2026-03-31")).toBe(4);
  });
});
