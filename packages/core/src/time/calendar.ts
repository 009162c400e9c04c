import { DateTime, IANAZone } from "luxon";

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  return DATE_PATTERN.test(value) && DateTime.fromISO(value, { zone: "UTC" }).isValid;
}

/** `HH:MM`, 24-hour. */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** An IANA zone name the runtime knows (`Europe/Lisbon`, `UTC`); bare offsets like `+01:00` are not zone names. */
export function isTimeZone(value: string): boolean {
  return /^[A-Za-z]/.test(value) && IANAZone.isValidZone(value);
}

/** Days from `start` to `end`, both included, in calendar order. */
export function eachDate(start: string, end: string): string[] {
  const days: string[] = [];
  let day = DateTime.fromISO(start, { zone: "UTC" });
  const last = DateTime.fromISO(end, { zone: "UTC" });
  while (day <= last) {
    days.push(day.toISODate() ?? "");
    day = day.plus({ days: 1 });
  }
  return days;
}

/** Number of days from `start` to `end`, both included (1 for the same day). */
export function daySpan(start: string, end: string): number {
  const a = DateTime.fromISO(start, { zone: "UTC" });
  const b = DateTime.fromISO(end, { zone: "UTC" });
  return Math.round(b.diff(a, "days").days) + 1;
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: "UTC" }).plus({ days }).toISODate() ?? date;
}

/** Today's date in `zone`. */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate() ?? "";
}
