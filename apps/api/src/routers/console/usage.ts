import { z } from "zod";

import { BUILT_IN_METER_NAMES, summaryQuerySchema, usageSummaryQuerySchema } from "@slotwise/core";

import { spreadsheetCsv } from "../../presenters/spreadsheet-csv.ts";
import { summarizeUsage, usageSeriesOf } from "../../services/summarize-usage.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

/** The console's usage page: the contract's summary (grouped and filtered as asked), built-in meters marked. */
export const consoleUsageSummary = consoleProcedure.input(usageSummaryQuerySchema).query(async ({ ctx, input }) => {
  const summary = await summarizeUsage(ctx.db, ctx.principal.operatorId, input);
  return { ...summary, BuiltInMeters: BUILT_IN_METER_NAMES };
});

export const consoleUsageSeries = consoleProcedure
  .input(summaryQuerySchema)
  .query(({ ctx, input }) => usageSeriesOf(ctx.db, ctx.principal.operatorId, input));

/** The summary or its series as CSV, for download. */
export const consoleUsageCsv = consoleProcedure
  .input(summaryQuerySchema.extend({ kind: z.enum(["summary", "series"]) }))
  .query(async ({ ctx, input }) => {
    const name = `usage-${input.kind}-${input.from}-to-${input.to}.csv`;
    if (input.kind === "summary") {
      const summary = await summarizeUsage(ctx.db, ctx.principal.operatorId, input);
      const rows = summary.Meters.map((m) => [
        m.Meter,
        m.TotalUsage,
        m.EventCount,
        BUILT_IN_METER_NAMES.some((b) => b === m.Meter) ? "yes" : "no",
        m.Unit ?? "",
      ]);
      return {
        filename: name,
        // The total row counts events only: meters of different units do not add up.
        csv: spreadsheetCsv([
          ["meter", "total_usage", "event_count", "built_in", "unit"],
          ...rows,
          ["TOTAL", "", summary.Totals.Events, "", ""],
        ]),
      };
    }
    const series = await usageSeriesOf(ctx.db, ctx.principal.operatorId, input);
    const rows = series.points.map((p) => [p.Bucket, p.Meter, p.Usage, p.Events]);
    return {
      filename: name,
      csv: spreadsheetCsv([[series.unit === "day" ? "date" : "hour", "meter", "usage", "events"], ...rows]),
    };
  });
