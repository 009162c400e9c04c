import { BUILT_IN_METER_NAMES, usageSummaryQuerySchema } from "@slotwise/core";

import { summarizeUsage } from "../../../services/summarize-usage.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

/** The console's usage page: the contract's summary (grouped and filtered as asked), built-in meters marked. */
export const consoleUsageSummary = consoleProcedure.input(usageSummaryQuerySchema).query(async ({ ctx, input }) => {
  const summary = await summarizeUsage(ctx.db, ctx.principal.operatorId, input);
  return { ...summary, BuiltInMeters: BUILT_IN_METER_NAMES };
});
