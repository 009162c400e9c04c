import { router } from "../../trpc/procedures.ts";
import { usageMeterDefinitions } from "./meter-definitions.ts";
import { recordUsageBatchEntries } from "./record-usage-batch.ts";
import { recordUsageEntry } from "./record-usage.ts";
import { usageSeries } from "./usage-series.ts";
import { usageSummary } from "./usage-summary.ts";

export const usageRouter = router({
  record: recordUsageEntry,
  recordBatch: recordUsageBatchEntries,
  summary: usageSummary,
  series: usageSeries,
  meterDefinitions: usageMeterDefinitions,
});
