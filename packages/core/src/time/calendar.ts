import { DateTime } from "luxon";

import { addDays, isCalendarDate, todayIn as todayInCanonicalZone } from "./plain-dates.ts";
import { zoneForArithmetic } from "./zones.ts";

export { addDays, DATE_PATTERN, EARLIEST_DATE, isCalendarDate, isDateInRange, LATEST_DATE } from "./plain-dates.ts";

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `HH:MM`, 24-hour. */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/**
 * Days from `start` to `end`, both included, in calendar order; none when either is no
 * calendar date. By plain UTC-midnight arithmetic rather than luxon: a year of day windows
 * calls this on every series request, and a luxon `plus` per day cost milliseconds.
 */
export function eachDate(start: string, end: string): string[] {
  // YYYY-MM-DD strings order as their days do; the day after `end` is never computed.
  if (!isCalendarDate(start) || !isCalendarDate(end) || start > end) return [];
  const days = [start];
  for (let day = start; day < end;) days.push((day = addDays(day, 1)));
  return days;
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
