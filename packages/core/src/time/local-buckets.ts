import { DateTime } from "luxon";

import { eachDate } from "./calendar.ts";
import { instantToLocal, localToInstants } from "./local-time.ts";
import { zoneForArithmetic } from "./zones.ts";

export type BucketUnit = "day" | "hour";

export interface LocalBucket {
  /** The first instant whose local time falls in the bucket. */
  start: Date;
  /** Local `YYYY-MM-DD` (day) or `YYYY-MM-DDTHH:00` (hour). */
  label: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

function labelOf(instant: Date, zone: string, unit: BucketUnit): string {
  const { date, time } = instantToLocal(instant, zone);
  return unit === "day" ? date : `${date}T${time.slice(0, 2)}:00`;
}

/** Where the local `date` `time` begins: its instants, or the moment the clock jumps over it. */
function beginnings(date: string, time: string, zone: string): Date[] {
  const instants = localToInstants(date, time, zone);
  return instants.length > 0
    ? instants
    : [DateTime.fromISO(`${date}T${time}`, { zone: zoneForArithmetic(zone) }).toJSDate()];
}

/**
 * The local days, or hours, of `from`..`to` in `zone` as ascending starts, each labelled by
 * the local day or hour it begins. An hour the clock repeats starts twice under one label; a
 * day or hour the clock skips is absent. Computed here rather than with `AT TIME ZONE` in SQL,
 * so a zone only needs to be known to the application.
 */
export function localBuckets(from: string, to: string, zone: string, unit: BucketUnit): LocalBucket[] {
  const candidates = eachDate(from, to).flatMap((date) =>
    unit === "day" ? beginnings(date, "00:00", zone) : HOURS.flatMap((time) => beginnings(date, time, zone)),
  );
  const starts = [...new Set(candidates.map((d) => d.getTime()))].sort((a, b) => a - b).map((ms) => new Date(ms));
  return starts.map((start) => ({ start, label: labelOf(start, zone, unit) }));
}
