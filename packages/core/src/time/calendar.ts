import { DateTime } from "luxon";

import { todayIn as todayInCanonicalZone } from "./plain-dates.ts";
import { zoneForArithmetic } from "./zones.ts";

export {
  addDays,
  DATE_PATTERN,
  eachDate,
  EARLIEST_DATE,
  isCalendarDate,
  isDateInRange,
  LATEST_DATE,
} from "./plain-dates.ts";

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `HH:MM`, 24-hour. */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** Number of days from `start` to `end`, both included (1 for the same day). */
export function daySpan(start: string, end: string): number {
  const a = DateTime.fromISO(start, { zone: "UTC" });
  const b = DateTime.fromISO(end, { zone: "UTC" });
  return Math.round(b.diff(a, "days").days) + 1;
}

/** Today's date in `zone`, any spelling the API accepts. */
export function todayIn(zone: string, now: Date): string {
  return todayInCanonicalZone(zoneForArithmetic(zone), now);
}
