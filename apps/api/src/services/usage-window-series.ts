import { assembleSeries, localBuckets, periodInstants, type SeriesQuery } from "@slotwise/core";
import { usageSeries, type Db } from "@slotwise/db";

import { periodFor } from "./summarize-usage.ts";

/** The usage series of contract section 14: every window of the period, per meter. */
export async function usageWindowSeries(db: Db, operatorId: number, query: SeriesQuery) {
  const period = await periodFor(db, operatorId, query);
  const { end } = periodInstants(period);
  const windows = localBuckets(period.From, period.To, period.TimeZone, query.window);
  const rows = await usageSeries(
    db,
    operatorId,
    windows.map((w) => w.start),
    end,
    query.meter ?? null,
  );
  return assembleSeries(period, query.window, windows, rows, query.meter);
}
