import { z } from "zod";

import { addDays } from "../time/calendar.ts";
import { startOfLocalDay } from "../time/local-time.ts";
import { dateRangeCheck } from "../validation/date-range.ts";
import { dateField, timeZoneField } from "../validation/fields.ts";

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
// A period ending on 9999-12-31 ends in year 10000 in zones behind UTC, which PostgreSQL cannot
// read back from a JavaScript date; no entry can be that late (OccurredAt stops within 9999).
const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The instants a period covers, `end` excluded, for querying entries. */
export function periodInstants(period: Period): { start: Date; end: Date } {
  return {
    start: new Date(period.FromTimestamp * 1000),
    end: new Date(Math.min((period.ToTimestamp + 1) * 1000, LATEST_INSTANT_MS)),
  };
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

/** The fields naming a period: `from` and `to` inclusive local days, an optional `tz`. */
export const periodQueryFields = {
  from: dateField("from"),
  to: dateField("to"),
  tz: timeZoneField("tz").optional(),
};

/** The query of `GET /usage/meters`. */
export const summaryQuerySchema = z.object(periodQueryFields).check(dateRangeCheck("from", "to"));

/** The same, yielding the period, with `tz` defaulting to the operator's zone. */
export function periodQuerySchema(defaultZone: string) {
  return summaryQuerySchema.transform(({ from, to, tz }) => makePeriod(from, to, tz ?? defaultZone));
}
