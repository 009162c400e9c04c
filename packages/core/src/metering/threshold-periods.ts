import { startOfLocalDay } from "../time/local-time.ts";
import { addDays, monthStart, todayIn } from "../time/plain-dates.ts";
import { ExactDecimal as Decimal } from "./exact-decimal.ts";
import type { ThresholdPeriod } from "./meter-definition.ts";

/** One local day or month of a zone, as the local date it starts on and its instants `[start, end)`. */
export interface LocalPeriod {
  period: ThresholdPeriod;
  startDate: string;
  start: Date;
  end: Date;
}

function localPeriod(period: ThresholdPeriod, date: string, zone: string): LocalPeriod {
  const startDate = period === "day" ? date : monthStart(date, 0);
  const next = period === "day" ? addDays(date, 1) : monthStart(date, 1);
  return { period, startDate, start: startOfLocalDay(startDate, zone), end: startOfLocalDay(next, zone) };
}

/**
 * The local days and months whose thresholds are checked at `now`: the current ones, and also
 * those that ended less than `lookbackMs` ago, so usage that arrives in a period's last moments
 * is still noticed by a check that runs just after its end.
 */
export function thresholdPeriods(now: Date, zone: string, lookbackMs: number): LocalPeriod[] {
  const dates = new Set([todayIn(zone, now), todayIn(zone, new Date(now.getTime() - lookbackMs))]);
  const periods = new Map<string, LocalPeriod>();
  for (const date of dates)
    for (const kind of ["day", "month"] as const) {
      const local = localPeriod(kind, date, zone);
      periods.set(`${kind}:${local.startDate}`, local);
    }
  return [...periods.values()];
}

/** A threshold is crossed once the period's total reaches it. */
export function thresholdReached(total: string | Decimal, value: string | Decimal): boolean {
  return new Decimal(total).greaterThanOrEqualTo(value);
}

/** The highest of `values` that `total` reaches, or undefined when it reaches none. */
export function highestThresholdReached(total: string, values: readonly string[]): string | undefined {
  let highest: Decimal | undefined;
  for (const value of values) {
    const candidate = new Decimal(value);
    if (thresholdReached(total, candidate) && (highest === undefined || candidate.greaterThan(highest)))
      highest = candidate;
  }
  return highest?.toFixed();
}
