import { describe, expect, it } from "vitest";

import { localBuckets, makePeriod, periodInstants, type BucketUnit } from "@slotwise/core";

import { rollupSpans } from "../src/usage/rollup-spans.ts";

const DAY = 86_400_000;
/** The midnights the migration keeps, all made as far as these tests look. */
const KEPT = new Map(
  [
    60, 120, 150, 180, 210, 240, 300, 360, 420, 480, 540, 570, 600, 615, 660, 675, 720, 780, 810, 840, 870, 900, 915,
    960, 1020, 1050, 1080, 1095, 1110, 1140, 1170, 1200, 1230, 1260, 1320, 1380,
  ].map((m) => [m, Infinity]),
);

/** Rollup rows read per meter and window for windows starting at `starts`, the last ending at `end`. */
function rowsPerWindow(starts: Date[], end: Date) {
  const { days, shiftedDays, hours, quarters } = rollupSpans(starts, end, KEPT);
  const count = (spans: typeof hours, ms: number) =>
    spans.from.reduce((rows, f, i) => rows + (Date.parse(spans.to[i] ?? f) - Date.parse(f)) / ms, 0);
  return (
    (days.day.length + shiftedDays.start.length + count(hours, 3_600_000) + count(quarters, 900_000)) / starts.length
  );
}

/** The same for a year (or the period given) of `unit` windows in `zone`. */
function zoneRowsPerWindow(zone: string, unit: BucketUnit, from = "2026-01-01", to = "2026-12-31") {
  const starts = localBuckets(from, to, zone, unit).map((w) => w.start);
  return rowsPerWindow(starts, periodInstants(makePeriod(from, to, zone)).end);
}

describe("rollup spans", () => {
  it("read a local day as one shifted day where its zone's midnight is kept, as a UTC day is one daily row", () => {
    expect(zoneRowsPerWindow("UTC", "day")).toBe(1);
    expect(zoneRowsPerWindow("Asia/Kolkata", "day")).toBe(1);
    expect(zoneRowsPerWindow("Asia/Kathmandu", "day")).toBe(1);
    expect(zoneRowsPerWindow("America/St_Johns", "day")).toBeLessThan(1.05);
    // Berlin: one row a day, except its 23-hour day (an hour, then a UTC day less two hours) and
    // its 25-hour day (a shifted day and an hour).
    expect(zoneRowsPerWindow("Europe/Berlin", "day")).toBeCloseTo((363 + 4 + 2) / 365, 5);
    // A Berlin year is three runs of the index: winter, summer, winter.
    const berlin = localBuckets("2026-01-01", "2026-12-31", "Europe/Berlin", "day").map((w) => w.start);
    const berlinEnd = periodInstants(makePeriod("2026-01-01", "2026-12-31", "Europe/Berlin")).end;
    expect(rollupSpans(berlin, berlinEnd, KEPT).shiftedDays.runs.shift).toEqual([1380, 1320, 1380]);
    // A month of Kolkata days: its 30 or 31 shifted days.
    expect(zoneRowsPerWindow("Asia/Kolkata", "month")).toBeCloseTo(365 / 12, 0);
    expect(zoneRowsPerWindow("UTC", "hour", "2026-03-01", "2026-03-31")).toBe(1);
    // An hour of a half-hour zone holds no whole UTC hour: its four quarters.
    expect(zoneRowsPerWindow("Asia/Kolkata", "hour", "2026-03-01", "2026-03-31")).toBe(4);
  });

  it("read days starting at a midnight no zone keeps as UTC days with their edges, shared by both windows", () => {
    // 07:15 UTC, a shift that is not kept: each day is 07:15 to midnight (three quarters and 16
    // hours) and the next UTC day less its rest from 07:15 (seven hours and a quarter), which the
    // next window reads too.
    expect(KEPT.has(7 * 60 + 15)).toBe(false);
    const first = Date.parse("2026-01-01T07:15:00Z");
    const starts = Array.from({ length: 365 }, (_, i) => new Date(first + i * DAY));
    const { days, shiftedDays } = rollupSpans(starts, new Date(first + 365 * DAY), KEPT);
    expect(shiftedDays.start).toEqual([]);
    expect(days.day.length).toBe(365);
    expect(rowsPerWindow(starts, new Date(first + 365 * DAY))).toBeCloseTo(9, 0);
  });

  it("read days from the one not made yet as UTC days with their edges", () => {
    const starts = localBuckets("2026-11-01", "2026-11-30", "Asia/Kolkata", "day").map((w) => w.start);
    const end = periodInstants(makePeriod("2026-11-01", "2026-11-30", "Asia/Kolkata")).end;
    const through = Date.parse("2026-11-20T18:30:00Z");
    const { shiftedDays, days } = rollupSpans(starts, end, new Map([[1110, through]]));
    expect(shiftedDays.start.at(-1)).toBe("2026-11-19T18:30:00.000Z");
    expect(shiftedDays.start).toHaveLength(20);
    expect(days.day).toHaveLength(10);
  });

  it("tile each window exactly: shifted days, UTC days and edges add up to its length", () => {
    for (const zone of ["Europe/Berlin", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham"]) {
      const starts = localBuckets("2026-01-01", "2026-12-31", zone, "day").map((w) => w.start);
      const end = periodInstants(makePeriod("2026-01-01", "2026-12-31", zone)).end;
      const { days, shiftedDays, hours, quarters, uses } = rollupSpans(starts, end, KEPT);
      const length = new Array<number>(starts.length).fill(0);
      days.window.forEach((w) => (length[w]! += DAY));
      shiftedDays.window.forEach((w) => (length[w]! += DAY));
      const edgeLength = new Map<number, number>();
      for (const spans of [hours, quarters]) {
        spans.edge.forEach((e, i) =>
          edgeLength.set(e, (edgeLength.get(e) ?? 0) + Date.parse(spans.to[i]!) - Date.parse(spans.from[i]!)),
        );
      }
      uses.edge.forEach((e, i) => (length[uses.window[i]!]! += uses.sign[i]! * edgeLength.get(e)!));
      const expected = starts.map((s, i) => (starts[i + 1] ?? end).getTime() - s.getTime());
      expect(length).toEqual(expected);
      // Each shifted day lies inside its window, starts at its shift, and is read by a run of that shift.
      shiftedDays.start.forEach((iso, i) => {
        const at = Date.parse(iso);
        const w = shiftedDays.window[i]!;
        expect(at).toBeGreaterThanOrEqual(starts[w]!.getTime());
        expect(at + DAY).toBeLessThanOrEqual((starts[w + 1] ?? end).getTime());
        const { runs } = shiftedDays;
        const run = runs.shift.findIndex(
          (shift, r) => shift === (at % DAY) / 60_000 && runs.from[r]! <= iso && iso <= runs.to[r]!,
        );
        expect(run).toBeGreaterThanOrEqual(0);
      });
    }
  });
});
