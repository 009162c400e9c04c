/**
 * Calendar arithmetic on `YYYY-MM-DD` strings with nothing but the platform's Date and Intl,
 * so the console's browser bundle can share it (`@slotwise/core/plain-dates`) without luxon.
 */

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of `date` moved by whole days and months; setUTCFullYear keeps years 0–99 as written. */
function utcDay(date: string, days: number, months = 0): Date {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1 + months, day + days);
  return at;
}

function isoDate(at: Date): string {
  const text = at.toISOString();
  // A year past 9999 is written "+010000-01-01T…": cut to ten characters it would sort before
  // "9999-…", and a loop over days up to 9999-12-31 would never end.
  if (text.length !== 24) throw new RangeError(`${text} is outside the years 0000-9999`);
  return text.slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(utcDay(date, days));
}

/** The first day of `date`'s month, moved by `offsetMonths`. */
export function monthStart(date: string, offsetMonths: number): string {
  return isoDate(utcDay(`${date.slice(0, 8)}01`, 0, offsetMonths));
}

/** Activity, period and range dates start here: earlier ones are typing errors or probes. */
export const EARLIEST_DATE = "1970-01-01";
/**
 * And end here: a period's arithmetic (its next day, the month after it, a zone's offset) must
 * stay within four-digit years.
 */
export const LATEST_DATE = "9998-12-31";

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30, no year 0000), whatever its year. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value) || value.startsWith("0000")) return false;
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  // Day 0 of the next month is this month's last day; setUTCFullYear keeps years 1-99 as written.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= last.getUTCDate();
}

/** A calendar date the API takes: within EARLIEST_DATE..LATEST_DATE. */
export function isDateInRange(value: string): boolean {
  return isCalendarDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/**
 * Days from `start` to `end`, both included, in calendar order, at most `max` of them; none
 * when either is no calendar date. By plain UTC-midnight arithmetic rather than luxon: a year of
 * day windows calls this on every series request, and a luxon `plus` per day cost milliseconds.
 */
export function eachDate(start: string, end: string, max = Infinity): string[] {
  // YYYY-MM-DD strings order as their days do; the day after `end` is never computed.
  if (!isCalendarDate(start) || !isCalendarDate(end) || start > end) return [];
  const days = [start];
  for (let day = start; day < end && days.length < max;) days.push((day = addDays(day, 1)));
  return days;
}

// Building a formatter costs far more than using one; zones are few, but keep no more than this.
const MAX_FORMATTERS = 1_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the IANA zone `timeZone` (en-CA formats dates as YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, format);
  }
  return format.format(now);
}
