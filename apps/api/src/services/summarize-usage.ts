import pLimit from "p-limit";

import {
  assembleGroupedSummary,
  assembleSummary,
  daySpan,
  dimensionQueryOf,
  ExactDecimal,
  localBuckets,
  makePeriod,
  MAX_GROUPS,
  periodInstants,
  ValidationError,
  withUnits,
  type BucketUnit,
  type Period,
  type UsageSummaryQuery,
} from "@slotwise/core";
import { meterUnits, operatorById, usageSeries, usageTotals, usageTotalsByDimensions, type Db } from "@slotwise/db";

export interface SummaryQuery {
  from: string;
  to: string;
  tz?: string | undefined;
}

/** The query's period, `tz` defaulting to the operator's zone. */
export async function periodFor(db: Db, operatorId: number, query: SummaryQuery): Promise<Period> {
  const operator = await operatorById(db, operatorId);
  return makePeriod(query.from, query.to, query.tz ?? operator.timeZone);
}

/**
 * Grouped or filtered summaries running at once in this process. Their cost grows with the
 * number of distinct dimension sets a client chose to send (a unique value per entry makes
 * them read as many rollup rows as entries): a few at a time keep the other routes' pooled
 * connections, and so every other operator's bookings and usage writes, out of their reach.
 */
const dimensionSummaries = pLimit(2);

/**
 * The usage summary of contract section 8, with each meter's unit, grouped and filtered by
 * dimensions when asked (section 14), for the REST path and the console alike. Without
 * `groupBy` or filters it reads the plain rollups, which the dimensions never slow down.
 */
export async function summarizeUsage(db: Db, operatorId: number, query: UsageSummaryQuery) {
  const period = await periodFor(db, operatorId, query);
  const { start, end } = periodInstants(period);
  const dimensions = dimensionQueryOf(query);
  const grouped = dimensions.groupBy.length > 0;
  const plain = !grouped && dimensions.filters.length === 0;
  const [summary, units] = await Promise.all([
    plain
      ? usageTotals(db, operatorId, start, end).then((totals) => assembleSummary(period, totals))
      : dimensionSummaries(() =>
          usageTotalsByDimensions(db, operatorId, start, end, dimensions, grouped ? MAX_GROUPS + 1 : null),
        ).then((groups) => {
          if (grouped && groups.length > MAX_GROUPS) {
            throw new ValidationError([
              {
                field: "groupBy",
                message: `groupBy gives more than ${MAX_GROUPS} groups in this period: narrow it with filter.<name> or a shorter period`,
              },
            ]);
          }
          return grouped ? assembleGroupedSummary(period, groups, dimensions.groupBy) : assembleSummary(period, groups);
        }),
    meterUnits(db, operatorId),
  ]);
  return { ...summary, Meters: withUnits(summary.Meters, units) };
}

/** Per local day, or per local hour for periods of up to 3 days. */
export const seriesUnitFor = (query: SummaryQuery): Exclude<BucketUnit, "month"> =>
  daySpan(query.from, query.to) <= 3 ? "hour" : "day";

/** The console's chart: one bar per meter and label, so the hour the autumn change repeats is one bar. */
export async function usageSeriesOf(db: Db, operatorId: number, query: SummaryQuery) {
  const period = await periodFor(db, operatorId, query);
  const { end } = periodInstants(period);
  const unit = seriesUnitFor(query);
  const windows = localBuckets(period.From, period.To, period.TimeZone, unit);
  const { cells } = await usageSeries(
    db,
    operatorId,
    windows.map((w) => w.start),
    end,
    null,
  );
  const bars = new Map<string, { Meter: string; Bucket: string; total: ExactDecimal; Events: number }>();
  for (const row of cells) {
    const Bucket = windows[row.window]?.label ?? "";
    const bar = bars.get(`${Bucket}\u0000${row.meter}`);
    if (bar) {
      bar.total = bar.total.plus(row.total);
      bar.Events += row.events;
    } else {
      bars.set(`${Bucket}\u0000${row.meter}`, {
        Meter: row.meter,
        Bucket,
        total: new ExactDecimal(row.total),
        Events: row.events,
      });
    }
  }
  const points = [...bars.values()].sort((a, b) => a.Bucket.localeCompare(b.Bucket) || a.Meter.localeCompare(b.Meter));
  return {
    period,
    unit,
    points: points.map(({ Meter, Bucket, total, Events }) => ({ Meter, Bucket, Usage: total.toNumber(), Events })),
  };
}
