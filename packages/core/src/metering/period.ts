import { z } from "zod";
import { addDays, isCalendarDate, isTimeZone } from "../time/calendar.ts";
import { dateRangeCheck } from "../validation/date-range.ts";
import { startOfLocalDay } from "../time/local-time.ts";
import { refinedField } from "../validation/fields.ts";

export interface Period {
  From: string;
  To: string;
  TimeZone: string;
  /** 00:00:00 of `From` in the zone, Unix seconds. */
  FromTimestamp: number;
  /** 23:59:59 of `To` in the zone (the last second before the next day), Unix seconds. */
  ToTimestamp: number;
}

/** The instants a period covers, half-open: `[start, end)`. */
export function periodInstants(period: Period): { start: Date; end: Date } {
  return { start: new Date(period.FromTimestamp * 1000), end: new Date((period.ToTimestamp + 1) * 1000) };
}

export function makePeriod(from: string, to: string, timeZone: string): Period {
  const start = startOfLocalDay(from, timeZone);
  const end = startOfLocalDay(addDays(to, 1), timeZone);
  return {
    From: from,
    To: to,
    TimeZone: timeZone,
    FromTimestamp: Math.floor(start.getTime() / 1000),
    ToTimestamp: Math.floor(end.getTime() / 1000) - 1,
  };
}

/** The query of `GET /usage/meters`: `from` and `to` inclusive local days, an optional `tz`. */
export const summaryQuerySchema = z
  .object({
    from: refinedField("from", isCalendarDate, "a real date in YYYY-MM-DD form"),
    to: refinedField("to", isCalendarDate, "a real date in YYYY-MM-DD form"),
    tz: refinedField("tz", isTimeZone, "an IANA time zone name such as Europe/Lisbon").optional(),
  })
  .check(dateRangeCheck("from", "to"));

/** The same, yielding the period, with `tz` defaulting to the operator's zone. */
export function periodQuerySchema(defaultZone: string) {
  return summaryQuerySchema.transform(({ from, to, tz }) => makePeriod(from, to, tz ?? defaultZone));
}
