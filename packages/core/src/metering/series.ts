import { ValidationError } from "../errors/domain-errors.ts";
import type { LocalBucket } from "../time/local-buckets.ts";
import { DecimalSum } from "./decimal-sum.ts";
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

/** One meter's cells by window index (absent: no usage there), and its exact total over the period. */
interface MeterCells {
  meter: string;
  cells: (WindowTotal | undefined)[];
  sum: DecimalSum;
}

/** One pass over the rows: each meter's cells, summed exactly as they are placed. */
function cellsByMeter(rows: readonly WindowTotal[], windowCount: number): Map<string, MeterCells> {
  const meters = new Map<string, MeterCells>();
  for (const row of rows) {
    let meter = meters.get(row.meter);
    if (meter === undefined) {
      meter = { meter: row.meter, cells: new Array<WindowTotal | undefined>(windowCount), sum: new DecimalSum() };
      meters.set(row.meter, meter);
    }
    meter.cells[row.window] = row;
    meter.sum.add(row.total);
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
 * `toNumber` of an exact decimal gives too. Only the totals that order the meters are added
 * up as exact decimals.
 */
export function assembleSeries(
  period: Period,
  window: UsageWindow,
  windows: readonly LocalBucket[],
  rows: readonly WindowTotal[],
  requested?: readonly string[],
): UsageSeries {
  const byMeter = cellsByMeter(rows, windows.length);
  const starts = windows.map((w) => ({ Start: w.label, StartTimestamp: Math.floor(w.start.getTime() / 1000) }));
  const series = metersOf([...byMeter.keys()], requested).map((meter) => {
    const cells = byMeter.get(meter);
    return { meter, cells: cells?.cells ?? [], total: cells?.sum.total() ?? new Decimal(0) };
  });
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
