/**
 * Dates computed from the test's clock, so that tests sending usage stay inside the API's
 * retention and never in the future, whatever day they run on.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Whole seconds since the epoch, as `OccurredAt` and the timestamps of answers carry them. */
export const seconds = (instant: Date): number => Math.floor(instant.getTime() / 1000);

export const addDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * DAY_MS);

export const addHours = (instant: Date, hours: number): Date => new Date(instant.getTime() + hours * HOUR_MS);

/** `YYYY-MM-DD` of the instant's UTC day. */
export const isoDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** 00:00 UTC of the day `days` after today (before it when negative). */
export function utcDay(days: number, now = new Date()): Date {
  return addDays(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())), days);
}

/** 00:00 UTC of a `YYYY-MM-DD` day. */
export const midnightUtc = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The zone's offset from UTC at the instant, in minutes east, read by `Intl`. */
export function offsetMinutes(zone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? "");
  if (!match) throw new Error(`no offset for ${zone}: ${name}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

export interface OffsetChange {
  /** The first instant of the new offset. */
  at: Date;
  /** The local day the change happens on, `YYYY-MM-DD`. */
  day: string;
  /** Offsets in minutes east of UTC before and after. */
  before: number;
  after: number;
}

/**
 * The zone's most recent change of offset of the kind asked (`spring`: clocks go forward,
 * `autumn`: back) at least `minDaysAgo` days before `now`, found by scanning days back with `Intl`.
 */
export function lastOffsetChange(
  zone: string,
  kind: "spring" | "autumn",
  { minDaysAgo = 2, now = new Date() }: { minDaysAgo?: number; now?: Date } = {},
): OffsetChange {
  // On a whole minute, so that the search below lands on the change itself.
  let later = new Date(Math.floor(addDays(now, -minDaysAgo).getTime() / 60_000) * 60_000);
  for (let day = 0; day < 400; day += 1) {
    const earlier = addDays(later, -1);
    const before = offsetMinutes(zone, earlier);
    const after = offsetMinutes(zone, later);
    if (before !== after && after > before === (kind === "spring")) {
      // Offsets change on whole minutes: narrow down to the minute.
      let low = earlier.getTime();
      let high = later.getTime();
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetMinutes(zone, new Date(middle)) === before) low = middle;
        else high = middle;
      }
      const at = new Date(high);
      return { at, day: localDay(zone, at), before, after };
    }
    later = earlier;
  }
  throw new Error(`${zone} has no ${kind} change in the last 400 days`);
}

/** `YYYY-MM-DD` of the instant's local day in the zone. */
export function localDay(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** `YYYY-MM-DD` of the day `days` after a `YYYY-MM-DD` day. */
export const dayAfter = (day: string, days: number): string => isoDay(addDays(midnightUtc(day), days));

/** `YYYY-MM-DD` of the last day of a `YYYY-MM-DD` day's month. */
export function lastDayOfMonth(day: string): string {
  const first = midnightUtc(day);
  return isoDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
}
