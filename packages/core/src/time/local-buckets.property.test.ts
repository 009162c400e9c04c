import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addDays } from "./calendar.ts";
import { localBuckets, type BucketUnit, type LocalBucket } from "./local-buckets.ts";
import { instantToLocal, localToInstants, startOfLocalDay } from "./local-time.ts";

const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "America/Santiago",
  "Pacific/Chatham",
  "Pacific/Apia",
];

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2000, 0, 1);
const LAST_DAY = Date.UTC(2036, 11, 31);

/** A period of `maxDays` days at most, anywhere in 2000..2036, in one of the awkward zones. */
const periods = (maxDays: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: (LAST_DAY - FIRST_DAY) / DAY_MS }),
      days: fc.integer({ min: 1, max: maxDays }),
      zone: fc.constantFrom(...ZONES),
      // Where in the period the probed instant lies, as a fraction of its length.
      probes: fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 20 }),
    })
    .map(({ day, days, zone, probes }) => {
      const from = new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);
      return { from, to: addDays(from, days - 1), zone, probes };
    });

interface Window {
  start: number;
  end: number;
  label: string;
}

function windowsOf(buckets: readonly LocalBucket[], end: Date): Window[] {
  return buckets.map((b, i) => ({
    start: b.start.getTime(),
    end: (buckets[i + 1]?.start ?? end).getTime(),
    label: b.label,
  }));
}

/** What the window holding `instant` must be called, from the instant's own local time. */
function expectedLabel(instant: Date, zone: string, unit: BucketUnit): string {
  const { date, time } = instantToLocal(instant, zone);
  if (unit === "hour") return `${date}T${time.slice(0, 2)}:00`;
  return unit === "day" ? date : date.slice(0, 7);
}

/** Where a window may start: on the clock's round time, or where the clock jumps over it. */
function startsRight(window: Window, index: number, from: string, zone: string, unit: BucketUnit): boolean {
  const [date = "", hour] = window.label.split("T");
  if (unit === "hour") {
    const { time } = instantToLocal(new Date(window.start), zone);
    return time.endsWith(":00") || localToInstants(date, hour ?? "", zone).length === 0;
  }
  const dayStart = startOfLocalDay(date, zone).getTime();
  if (unit === "day") return window.start === dayStart;
  return window.start === dayStart && (index === 0 ? date === from : date.endsWith("-01"));
}

function checkTiling(from: string, to: string, zone: string, unit: BucketUnit, probes: number[]) {
  const start = startOfLocalDay(from, zone);
  const end = startOfLocalDay(addDays(to, 1), zone);
  const windows = windowsOf(localBuckets(from, to, zone, unit), end);
  // Tiled: the first starts with the period, each ends where the next starts, none is empty.
  expect(windows[0]?.start).toBe(start.getTime());
  for (const w of windows) expect(w.end).toBeGreaterThan(w.start);
  expect(windows.at(-1)?.end).toBe(end.getTime());
  windows.forEach((w, i) => {
    expect(startsRight(w, i, from, zone, unit), `${w.label} in ${zone}`).toBe(true);
  });
  for (const probe of probes) {
    const instant = new Date(start.getTime() + Math.floor(probe * (end.getTime() - start.getTime())));
    const holding = windows.filter((w) => w.start <= instant.getTime() && instant.getTime() < w.end);
    expect(holding).toHaveLength(1);
    const label = holding[0]?.label ?? "";
    expect(unit === "month" ? label.slice(0, 7) : label).toBe(expectedLabel(instant, zone, unit));
  }
}

describe("local windows of a period", () => {
  it("tile the period by local hours, each instant in the hour its clock shows", () => {
    fc.assert(
      fc.property(periods(31), ({ from, to, zone, probes }) => {
        checkTiling(from, to, zone, "hour", probes);
      }),
      { numRuns: 60 },
    );
  });

  it("tile the period by local days, each starting at its midnight (or where the clock jumps past it)", () => {
    fc.assert(
      fc.property(periods(366), ({ from, to, zone, probes }) => {
        checkTiling(from, to, zone, "day", probes);
      }),
      { numRuns: 150 },
    );
  });

  it("tile the period by local months, each starting on its first day, the first cut at the period's start", () => {
    fc.assert(
      fc.property(periods(366), ({ from, to, zone, probes }) => {
        checkTiling(from, to, zone, "month", probes);
      }),
      { numRuns: 150 },
    );
  });
});
