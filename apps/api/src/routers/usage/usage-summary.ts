import { summaryQuerySchema } from "@slotwise/core";
import { z } from "zod";
import { usageReadProcedure } from "../../trpc/procedures.ts";
import { usageSummarySchema } from "../schemas/usage.ts";
import { summarizeUsage } from "./summarize.ts";

export const usageSummary = usageReadProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/usage/meters",
      tags: ["Usage"],
      summary: "Usage summary for a date range",
      description: "Totals per meter, built-in meters included, for the local days from..to (both included, at most 366) in tz, which defaults to the operator's time zone.",
    },
  })
  .input(summaryQuerySchema)
  .output(z.object({ data: usageSummarySchema }))
  .query(async ({ ctx, input }) => {
    return { data: await summarizeUsage(ctx.db, ctx.principal.operatorId, input) };
  });
