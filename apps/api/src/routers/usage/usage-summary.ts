import { z } from "zod";

import { summaryQuerySchema } from "@slotwise/core";

import { usageSummarySchema } from "../../presenters/usage-schema.ts";
import { summarizeUsage } from "../../services/summarize-usage.ts";
import { usageReadProcedure } from "../../trpc/procedures.ts";

export const usageSummary = usageReadProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/usage/meters",
      tags: ["Usage"],
      summary: "Usage summary for a date range",
      description:
        "Totals per meter, built-in meters included, for the local days from..to (both included, at most 366) in tz, which defaults to the operator's time zone.",
    },
    problems: ["validation"],
  })
  .input(summaryQuerySchema)
  .output(z.object({ data: usageSummarySchema }))
  .query(async ({ ctx, input }) => {
    return { data: await summarizeUsage(ctx.db, ctx.principal.operatorId, input) };
  });
