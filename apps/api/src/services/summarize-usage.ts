import {
  assembleSummary,
  daySpan,
  ExactDecimal,
  localBuckets,
  makePeriod,
  periodInstants,
  withUnits,
  type BucketUnit,
  type Period,
} from "@slotwise/core";
import { meterUnits, operatorById, usageSeries, usageTotals, type Db } from "@slotwise/db";

export interface SummaryQuery {
  from: string;
  to: string;
  tz?: string | undefined;
}

async function periodFor(db: Db, operatorId: number, query: SummaryQuery): Promise<Period> {
  const operator = await operatorById(db, operatorId);
  return makePeriod(query.from, query.to, query.tz ?? operator.timeZone);
}

/** The usage summary of contract section 8, with each meter's unit (section 14), for the REST path and the console alike. */
export async function summarizeUsage(db: Db, operatorId: number, query: SummaryQuery) {
  const period = await periodFor(db, operatorId, query);
  const { start, end } = periodInstants(period);
  const [totals, units] = await Promise.all([usageTotals(db, operatorId, start, end), meterUnits(db, operatorId)]);
  return withUnits(assembleSummary(period, totals), units);
}

/** Per local day, or per local hour for periods of up to 3 days. */
export const seriesUnitFor = (query: SummaryQuery): BucketUnit => (daySpan(query.from, query.to) <= 3 ? "hour" : "day");

export async function usageSeriesOf(db: Db, operatorId: number, query: SummaryQuery) {
  const period = await periodFor(db, operatorId, query);
  const { start, end } = periodInstants(period);
  const unit = seriesUnitFor(query);
  const points = await usageSeries(
    db,
    operatorId,
    start,
    end,
    localBuckets(period.From, period.To, period.TimeZone, unit),
  );
  return {
    period,
    unit,
    points: points.map((p) => ({
      Meter: p.meter,
      Bucket: p.bucket,
      Usage: new ExactDecimal(p.total).toNumber(),
      Events: p.events,
    })),
  };
}
