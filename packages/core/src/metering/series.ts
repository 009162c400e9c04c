import { ValidationError } from "../errors/domain-errors.ts";
import type { LocalBucket } from "../time/local-buckets.ts";
import { ExactDecimal as Decimal } from "./exact-decimal.ts";
import type { Period } from "./period.ts";
import { MAX_SERIES_METERS, type UsageWindow } from "./series-query.ts";
import { compareMeters } from "./summary.ts";

/** One meter's aggregate in one window (its index among the period's windows), as the database returns it. */
export interface WindowTotal {
  meter: string;
  window: number;
  total: string;
  events: number;
}

export interface SeriesPoint {
  Start: string;
  StartTimestamp: number;
  TotalUsage: number;
  EventCount: number;
}

export interface UsageSeries {
  Period: Period;
  Window: UsageWindow;
  Series: { Meter: string; Points: SeriesPoint[] }[];
}

/** The meters to answer: those asked for, or every meter with usage, as long as they are few enough. */
function metersOf(rows: readonly WindowTotal[], requested: readonly string[] | undefined): string[] {
  if (requested) return [...requested];
  const used = [...new Set(rows.map((r) => r.meter))];
  if (used.length > MAX_SERIES_METERS) {
    throw new ValidationError([
      {
        field: "meter",
        message: `${used.length} meters have usage in this period; name at most ${MAX_SERIES_METERS} of them with meter`,
      },
    ]);
  }
  return used;
}

/**
 * The response of `GET /usage/meters/series`: every window of the period for every meter,
 * zeros included, meters ordered like the summary's (total over the period, highest first,
 * then name). Sums stay exact decimals until each becomes a JSON number.
 */
export function assembleSeries(
  period: Period,
  window: UsageWindow,
  windows: readonly LocalBucket[],
  rows: readonly WindowTotal[],
  requested?: readonly string[],
): UsageSeries {
  const cells = new Map(rows.map((r) => [`${r.window}\u0000${r.meter}`, r]));
  const series = metersOf(rows, requested).map((meter) => {
    const points = windows.map((w, i) => {
      const cell = cells.get(`${i}\u0000${meter}`);
      return { window: w, total: new Decimal(cell?.total ?? 0), events: cell?.events ?? 0 };
    });
    return { meter, points, total: points.reduce((sum, p) => sum.plus(p.total), new Decimal(0)) };
  });
  return {
    Period: period,
    Window: window,
    Series: series.sort(compareMeters).map(({ meter, points }) => ({
      Meter: meter,
      Points: points.map((p) => ({
        Start: p.window.label,
        StartTimestamp: Math.floor(p.window.start.getTime() / 1000),
        TotalUsage: p.total.toNumber(),
        EventCount: p.events,
      })),
    })),
  };
}
