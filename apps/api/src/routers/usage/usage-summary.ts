import { z } from "zod";

import { usageSummaryQuerySchema } from "@slotwise/core";

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
        "Totals per meter, built-in meters included, for the local days from..to (both included, at most 366) in tz, which defaults to the operator's time zone. " +
        "An entry whose ExtraInfo is a JSON object has its top-level string, number and boolean members as dimensions (names of 1 to 64 ASCII letters, digits, _ - . :; at most 10 per entry). " +
        "groupBy=<name> (at most 3) adds Groups to each meter: Values holds each named dimension's value, typed as recorded, null for entries without it. " +
        "filter.<name>=<value> (at most 10 in all; a name given twice matches either value) counts only matching entries: the value matches a string equal to it, the boolean when true or false, a number of the same value. " +
        "Other spellings of these parameters (groupBy[]=, groupBy[0]=, filter[<name>]=, Filter.<name>=) are a 422 naming the parameter and its right form, since ignoring them would answer an ungrouped or unfiltered total; other unknown parameters are ignored, as on every path.",
    },
    problems: ["validation"],
  })
  .input(usageSummaryQuerySchema)
  .output(z.object({ data: usageSummarySchema }))
  .query(async ({ ctx, input }) => {
    return { data: await summarizeUsage(ctx.db, ctx.principal.operatorId, input) };
  });
