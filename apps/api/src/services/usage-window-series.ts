import { assembleSeries, localBuckets, periodInstants, type SeriesQuery } from "@slotwise/core";
import { meterUnits, usageSeries, type Db } from "@slotwise/db";

import { periodFor } from "./summarize-usage.ts";

/** The usage series of contract section 14: every window of the period, per meter, with its unit. */
export async function usageWindowSeries(db: Db, operatorId: number, query: SeriesQuery) {
  const period = await periodFor(db, operatorId, query);
  const { end } = periodInstants(period);
  const windows = localBuckets(period.From, period.To, period.TimeZone, query.window);
  const [rows, units] = await Promise.all([
    usageSeries(
      db,
      operatorId,
      windows.map((w) => w.start),
      end,
      query.meter ?? null,
    ),
    meterUnits(db, operatorId),
  ]);
  const series = assembleSeries(period, query.window, windows, rows, query.meter);
  return {
    ...series,
    // Each field in the schema's order (Unit before Points), as zod's parse of the answer wrote
    // them while it ran in production: the bytes, and so the ETags, stay those of before.
    Series: series.Series.map(({ Meter, Points }) => {
      const Unit = units.get(Meter);
      return Unit === undefined ? { Meter, Points } : { Meter, Unit, Points };
    }),
  };
}
