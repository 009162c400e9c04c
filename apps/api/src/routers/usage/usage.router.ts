import { router } from "../../trpc/procedures.ts";
import { recordUsageBatchEntries } from "./record-usage-batch.ts";
import { recordUsageEntry } from "./record-usage.ts";
import { usageMeterDefinitions } from "./usage-meter-definitions.ts";
import { usageSeries } from "./usage-series.ts";
import { usageSummary } from "./usage-summary.ts";

export const usageRouter = router({
  record: recordUsageEntry,
  recordBatch: recordUsageBatchEntries,
  summary: usageSummary,
  series: usageSeries,
  meterDefinitions: usageMeterDefinitions,
});
