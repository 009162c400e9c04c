import { z } from "zod";

import { MAX_HOUR_WINDOW_DAYS, MAX_SERIES_METERS, seriesQuerySchema } from "@slotwise/core";

import { usageSeriesSchema } from "../../presenters/usage-schema.ts";
import { usageWindowSeries } from "../../services/usage-window-series.ts";
import { documentedOutput } from "../../trpc/documented-output.ts";
import { usageReadProcedure } from "../../trpc/procedures.ts";

export const usageSeries = usageReadProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/usage/meters/series",
      tags: ["Usage"],
      summary: "Usage per hour, day or month of a date range",
      description:
        `Per meter, one point per window (default day) of the local days from..to (both included, at most 366) in tz, which defaults to the operator's time zone; windows without usage are zeros. ` +
        `Window edges are local: a day across a daylight-saving change lasts 23 or 25 hours, months start on their first local midnight (the first at from). ` +
        `hour is allowed for periods of at most ${MAX_HOUR_WINDOW_DAYS} days. meter (repeatable, at most ${MAX_SERIES_METERS}) names the meters wanted, built-in ones included; ` +
        `without it, every meter with usage in the period, which must be at most ${MAX_SERIES_METERS}. ` +
        `The series counts every entry: groupBy and filter.<name> (in any spelling) are a 422 naming the parameter, since ignoring them would answer an ungrouped, unfiltered total; GET /usage/meters groups and filters.`,
    },
    problems: ["validation"],
  })
  .input(seriesQuerySchema)
  // Thousands of points built by our own code: documented, checked in tests, not re-parsed in production.
  .concat(documentedOutput(z.object({ data: usageSeriesSchema })))
  .query(async ({ ctx, input }) => {
    return { data: await usageWindowSeries(ctx.db, ctx.principal.operatorId, input) };
  });
