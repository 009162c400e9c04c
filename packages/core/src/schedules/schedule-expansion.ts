import { IANAZone } from "luxon";

import { localToInstants } from "../time/local-time.ts";
import { addDays, eachDate } from "../time/plain-dates.ts";
import { zoneForArithmetic } from "../time/zones.ts";

/** Weekdays as schedules name them (iCalendar's two-letter codes), Monday first. */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Timeslots exist this many days ahead of today; the worker moves the horizon on daily. */
export const SCHEDULE_HORIZON_DAYS = 366;
/** Most timeslots one request may create at once. */
export const MAX_TIMESLOTS_AT_ONCE = 20_000;
/** Most start times one schedule may list: more than one a minute is no timetable. */
export const MAX_SCHEDULE_TIMES = 96;

/** The recurring part of a schedule: which local days and local times. */
export interface ScheduleRule {
  /** First local date, `YYYY-MM-DD`. */
  startDate: string;
  /** Last local date, included; null for open-ended. */
  endDate: string | null;
  weekdays: readonly Weekday[];
  /** Local `HH:MM` times. */
  times: readonly string[];
}

/** The schedule's weekday code of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  return WEEKDAYS[(at.getUTCDay() + 6) % 7] ?? "MO";
}

/** The dates of `rule` within `from`..`to` (both included) that fall on one of its weekdays. */
export function scheduleDates(rule: ScheduleRule, from: string, to: string): string[] {
  const first = rule.startDate > from ? rule.startDate : from;
  const last = rule.endDate !== null && rule.endDate < to ? rule.endDate : to;
  const weekdays = new Set(rule.weekdays);
  return eachDate(first, last).filter((date) => weekdays.has(weekdayOf(date)));
}

/** A start a schedule yields: its local date and time and the instant they name. */
export interface ScheduledStart {
  date: string;
  time: string;
  startsAt: Date;
}

/**
 * Every start of `rule` within the local dates `from`..`to`, in time order, each once. A local
 * time the clock skips that day (spring forward) gives no start; one it passes twice (fall
 * back) gives the first of the two, as the contract says.
 */
export function expandSchedule(rule: ScheduleRule, zone: string, from: string, to: string): ScheduledStart[] {
  const times = [...new Set(rule.times)].sort();
  const clock = IANAZone.create(zoneForArithmetic(zone));
  const starts: ScheduledStart[] = [];
  for (const date of scheduleDates(rule, from, to)) {
    const midnight = utcMillis(date, "00:00");
    // Offsets lie within -12:00..+14:00, so these two instants bracket the whole local day: the
    // same offset at both means no clock change that day, and each start is plain arithmetic.
    // Only the few days with a change take the slower path that knows gaps and repeats.
    const before = clock.offset(midnight - 14 * HOUR_MS);
    const steady = before === clock.offset(midnight + 38 * HOUR_MS);
    for (const time of times) {
      const startsAt = steady
        ? new Date(utcMillis(date, time) - before * MINUTE_MS)
        : localToInstants(date, time, zone)[0];
      if (startsAt) starts.push({ date, time, startsAt });
    }
  }
  // Local order is instant order within a day except across a fall-back hour; sort to be sure.
  return starts.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** `date` `time` read as if it were UTC. */
function utcMillis(date: string, time: string): number {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, 0, 0);
  return at.getTime();
}

/**
 * An upper bound of the starts `rule` yields within `from`..`to`, without computing them: for
 * refusing a request that would create too many before doing the work.
 */
export function countScheduleStarts(rule: ScheduleRule, from: string, to: string): number {
  return scheduleDates(rule, from, to).length * new Set(rule.times).size;
}

/** The last date timeslots exist for on `today`: the horizon the worker keeps topped up. */
export function horizonEnd(today: string): string {
  return addDays(today, SCHEDULE_HORIZON_DAYS);
}

/**
 * The first local date and time at which two schedules of the same activity both start, or
 * null when they never do. Both name local times of the one zone, so a shared start is a
 * shared weekday, a shared time and a date both ranges cover.
 */
export function firstScheduleClash(
  a: ScheduleRule,
  b: ScheduleRule,
  zone: string,
): { date: string; time: string } | null {
  const times = a.times.filter((time) => b.times.includes(time)).sort();
  const weekdays = a.weekdays.filter((day) => b.weekdays.includes(day));
  if (times.length === 0 || weekdays.length === 0) return null;
  const from = a.startDate > b.startDate ? a.startDate : b.startDate;
  const ends = [a.endDate, b.endDate].filter((end): end is string => end !== null).sort();
  const until = ends[0] ?? null;
  if (until !== null && until < from) return null;
  // Two weeks hold every shared weekday twice, so a time the clock skips on one day is found on another.
  const last = until !== null && until < addDays(from, 13) ? until : addDays(from, 13);
  for (const date of eachDate(from, last)) {
    if (!weekdays.includes(weekdayOf(date))) continue;
    for (const time of times) if (localToInstants(date, time, zone).length > 0) return { date, time };
  }
  return null;
}
