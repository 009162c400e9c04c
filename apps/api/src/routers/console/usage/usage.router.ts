import { router } from "../../../trpc/procedures.ts";
import { consoleUsageCsv } from "./usage-csv.ts";
import { consoleUsageSeries } from "./usage-series.ts";
import { consoleUsageSummary } from "./usage-summary.ts";

export const consoleUsageRouter = router({
  summary: consoleUsageSummary,
  series: consoleUsageSeries,
  csv: consoleUsageCsv,
});
