import { assembleSummary, makePeriod, periodInstants, summaryQuerySchema } from "@slotwise/core";
import { usageTotals } from "@slotwise/db";
import { z } from "zod";
import { usageReadProcedure } from "../../trpc/procedures.ts";
import { usageSummarySchema } from "../schemas/usage.ts";

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
    const operator = await ctx.db.operator.findUniqueOrThrow({ where: { id: ctx.principal.operatorId }, select: { timeZone: true } });
    const period = makePeriod(input.from, input.to, input.tz ?? operator.timeZone);
    const { start, end } = periodInstants(period);
    return { data: assembleSummary(period, await usageTotals(ctx.db, ctx.principal.operatorId, start, end)) };
  });
