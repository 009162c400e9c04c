import { z } from "zod";

import { addDays, availableDates, dateRangeCheck, nextSalesClose, startOfLocalDay } from "@slotwise/core";

import { activityIdParam, dateParam, partnerParam } from "../../inputs/path-params.ts";
import { availableDateSchema } from "../../presenters/availability-schema.ts";
import { findActivity } from "../../services/find-activity.ts";
import { cachedTimeslotsBetween } from "../../services/find-timeslot.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

const input = z
  .object({
    partner: partnerParam,
    ActivityID: activityIdParam,
    StartDate: dateParam("StartDate"),
    EndDate: dateParam("EndDate"),
  })
  .check(dateRangeCheck("StartDate", "EndDate"));

export const listAvailableDates = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/availability/{ActivityID}/dates",
      tags: ["Availability"],
      summary: "Dates with bookable places",
      description:
        "The dates of the range (local to the activity, both ends included, at most 366 days) with at least one bookable timeslot that has a free place, ascending.",
    },
    problems: ["invalid-parameter", "not-found", "validation"],
    keepAnswers: true,
  })
  .input(input)
  .output(z.object({ data: z.array(availableDateSchema) }))
  .query(async ({ ctx, input }) => {
    const product = await findActivity(ctx, ctx.principal.operatorId, input.ActivityID);
    const from = startOfLocalDay(input.StartDate, product.timeZone);
    const to = startOfLocalDay(addDays(input.EndDate, 1), product.timeZone);
    const slots = await cachedTimeslotsBetween(ctx, product.id, from, to);
    const now = ctx.now();
    ctx.response.changesAt = nextSalesClose(slots, product, now);
    return { data: availableDates(slots, product, input.StartDate, input.EndDate, now) };
  });
