import { BUILT_IN_METER_NAMES } from "@slotwise/core";

import { spreadsheetCsv } from "../../../presenters/spreadsheet-csv.ts";
import { summarizeUsage, usageSeriesOf } from "../../../services/summarize-usage.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { usageCsvInput } from "./usage-csv.schema.ts";

/** The summary or its series as CSV, for download. */
export const consoleUsageCsv = consoleProcedure.input(usageCsvInput).query(async ({ ctx, input }) => {
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
