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

/**
 * A series as the database answers it: each meter's windows with usage, and each meter's
 * exact total over the period (summed there, as decimal text), which orders the meters.
 */
export interface SeriesRows {
  cells: readonly WindowTotal[];
  totals: ReadonlyMap<string, string>;
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
function metersOf(used: readonly string[], requested: readonly string[] | undefined): string[] {
  if (requested) return [...requested];
  if (used.length > MAX_SERIES_METERS) {
    throw new ValidationError([
      {
        field: "meter",
        message: `${used.length} meters have usage in this period; name at most ${MAX_SERIES_METERS} of them with meter`,
      },
    ]);
  }
  return [...used];
}

/** One pass over the rows: each meter's cells by window index (absent: no usage there). */
function cellsByMeter(rows: readonly WindowTotal[], windowCount: number): Map<string, (WindowTotal | undefined)[]> {
  const meters = new Map<string, (WindowTotal | undefined)[]>();
  for (const row of rows) {
    let cells = meters.get(row.meter);
    if (cells === undefined) {
      cells = new Array<WindowTotal | undefined>(windowCount);
      meters.set(row.meter, cells);
    }
    cells[row.window] = row;
  }
  return meters;
}

/**
 * The response of `GET /usage/meters/series`: every window of the period for every meter,
 * zeros included, meters ordered like the summary's (total over the period, highest first,
 * then name). A year of days for 25 meters is some 9,000 points, so each point costs as
 * little as it can: a window's `Start` and `StartTimestamp` are computed once for all meters,
 * an empty window is plain zeros, and a window's sum (an exact decimal from the database)
 * becomes its JSON number by `Number`, the nearest double to that decimal, which is what
 * `toNumber` of an exact decimal gives too. The totals that order the meters come summed from
 * the database, which sums them as it groups: adding a year of cells here as exact decimals is slow.
 */
export function assembleSeries(
  period: Period,
  window: UsageWindow,
  windows: readonly LocalBucket[],
  rows: SeriesRows,
  requested?: readonly string[],
): UsageSeries {
  const byMeter = cellsByMeter(rows.cells, windows.length);
  const starts = windows.map((w) => ({ Start: w.label, StartTimestamp: Math.floor(w.start.getTime() / 1000) }));
  const series = metersOf([...byMeter.keys()], requested).map((meter) => ({
    meter,
    cells: byMeter.get(meter) ?? [],
    total: new Decimal(rows.totals.get(meter) ?? 0),
  }));
  return {
    Period: period,
    Window: window,
    Series: series.sort(compareMeters).map(({ meter, cells }) => ({
      Meter: meter,
      Points: starts.map(({ Start, StartTimestamp }, i) => {
        const cell = cells[i];
        return {
          Start,
          StartTimestamp,
          TotalUsage: cell === undefined ? 0 : Number(cell.total),
          EventCount: cell === undefined ? 0 : cell.events,
        };
      }),
    })),
  };
}
