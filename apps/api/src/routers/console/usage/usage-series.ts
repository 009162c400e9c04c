import { summaryQuerySchema } from "@slotwise/core";

import { usageSeriesOf } from "../../../services/summarize-usage.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

export const consoleUsageSeries = consoleProcedure
  .input(summaryQuerySchema)
  .query(({ ctx, input }) => usageSeriesOf(ctx.db, ctx.principal.operatorId, input));
