import { DateTime } from "luxon";

import { remembered } from "../memo/remembered.ts";
import { addDays } from "./plain-dates.ts";
import { zoneForArithmetic } from "./zones.ts";

export interface LocalDateTime {
  date: string;
  time: string;
}

/**
 * The instants at which a wall-clock `date` `time` happens in `zone`, earliest first:
 * none in a daylight-saving gap (the clock jumps over it: that local time is no timeslot),
 * two in an overlap (the clock repeats an hour), one otherwise.
 */
export function localToInstants(date: string, time: string, zone: string): Date[] {
  return instantsOf(date, time, zoneForArithmetic(zone)).map((ms) => new Date(ms));
}

const instantsOf = remembered(
  (date: string, time: string, zone: string): readonly number[] => {
    const local = DateTime.fromISO(`${date}T${time}`, { zone });
    if (!local.isValid) return [];
    return local
      .getPossibleOffsets()
      .filter((candidate) => candidate.toFormat("yyyy-MM-dd'T'HH:mm") === `${date}T${time}`)
      .map((candidate) => candidate.toMillis())
      .sort((a, b) => a - b);
  },
  (date, time, zone) => `${date}T${time}@${zone}`,
);

/** The wall-clock date and `HH:MM` of `instant` in `zone`. */
export function instantToLocal(instant: Date, zone: string): LocalDateTime {
  const { date, time } = localOf(instant.getTime(), zoneForArithmetic(zone));
  return { date, time };
}

const localOf = remembered(
  (ms: number, zone: string): LocalDateTime => {
    const local = DateTime.fromMillis(ms, { zone });
    return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
  },
  (ms, zone) => `${ms}@${zone}`,
);

/** ISO 8601 with the zone's offset at that instant: `2026-12-01T09:30:00+00:00`. */
export function toOffsetIso(instant: Date, zone: string): string {
  return offsetIsoOf(instant.getTime(), zoneForArithmetic(zone));
}

const offsetIsoOf = remembered(
  (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ"),
  (ms, zone) => `${ms}@${zone}`,
);

export interface DayBounds {
  /** First instant of the local day. */
  start: Date;
  /** First instant of the next local day. */
  end: Date;
}

/**
 * The first instant of the local day `date` in `zone`: its midnight, the earlier one where
 * midnight happens twice (St. John's moved its clocks at 00:01 until 2011), or the moment the
 * clock jumps to where midnight itself is skipped (Santiago's days start at 01:00 then).
 */
export function startOfLocalDay(date: string, zone: string): Date {
  const [first] = localToInstants(date, "00:00", zone);
  return (
    first ??
    DateTime.fromISO(date, { zone: zoneForArithmetic(zone) })
      .startOf("day")
      .toJSDate()
  );
}

/**
 * The local day `date` in `zone` as a half-open interval of instants, ending where the next
 * day starts: 23 or 25 hours long on daylight-saving days.
 */
export function dayBounds(date: string, zone: string): DayBounds {
  return { start: startOfLocalDay(date, zone), end: startOfLocalDay(addDays(date, 1), zone) };
}
