import { DateTime } from "luxon";

import { remembered } from "../memo/remembered.ts";
import { addDays, eachDate } from "./calendar.ts";
import { instantToLocal, localToInstants, startOfLocalDay } from "./local-time.ts";
import { zoneForArithmetic } from "./zones.ts";

export type BucketUnit = "hour" | "day" | "month";

/** Remembered and shared by every request for the same period: never changed by a caller. */
export interface LocalBucket {
  /** The first instant whose local time falls in the bucket. */
  readonly start: Date;
  /** Local `YYYY-MM-DD` of its start (day, month) or `YYYY-MM-DDTHH:00` (hour). */
  readonly label: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

function labelOf(instant: Date, zone: string, unit: BucketUnit): string {
  const { date, time } = instantToLocal(instant, zone);
  return unit === "hour" ? `${date}T${time.slice(0, 2)}:00` : date;
}

/** Where the local `date` `time` begins: its instants, or the moment the clock jumps over it. */
function beginnings(date: string, time: string, zone: string): Date[] {
  const instants = localToInstants(date, time, zone);
  return instants.length > 0
    ? instants
    : [DateTime.fromISO(`${date}T${time}`, { zone: zoneForArithmetic(zone) }).toJSDate()];
}

function candidates(from: string, to: string, zone: string, unit: BucketUnit): Date[] {
  const dates = eachDate(from, to);
  switch (unit) {
    case "hour":
      return dates.flatMap((date) => HOURS.flatMap((time) => beginnings(date, time, zone)));
    case "day":
      return dates.map((date) => startOfLocalDay(date, zone));
    case "month":
      // The first month is cut at `from`: a window never reaches outside the period.
      return dates.filter((date, i) => i === 0 || date.endsWith("-01")).map((date) => startOfLocalDay(date, zone));
  }
}

/**
 * The windows of the local days `from`..`to` in `zone`, by hour, day or month, as ascending
 * starts: each window runs until the next one starts, the last until the period ends, so
 * they tile the period. Each is labelled by the local time it begins. A day starts where
 * `startOfLocalDay` says; an hour the clock repeats starts twice under one label; an hour or
 * day the clock skips is absent. Computed here rather than with `AT TIME ZONE` in SQL, so a
 * zone only needs to be known to the application.
 */
function bucketsOf(from: string, to: string, zone: string, unit: BucketUnit): readonly LocalBucket[] {
  // A skipped last day (Samoa's 2011-12-30) would otherwise start a window where the period ends.
  const end = startOfLocalDay(addDays(to, 1), zone).getTime();
  const starts = [...new Set(candidates(from, to, zone, unit).map((d) => d.getTime()))]
    .filter((ms) => ms < end)
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
  return Object.freeze(starts.map((start) => Object.freeze({ start, label: labelOf(start, zone, unit) })));
}

/**
 * `bucketsOf`, remembered: a dashboard asks for the same period again and again, and a year of
 * days in a zone takes milliseconds of CPU to work out. A period has at most 366 days
 * and hour windows at most 745 hours, so 64 periods bound the memo to a few megabytes.
 */
export const localBuckets = remembered(bucketsOf, (from, to, zone, unit) => `${from} ${to} ${unit} ${zone}`, {
  entries: 64,
});
