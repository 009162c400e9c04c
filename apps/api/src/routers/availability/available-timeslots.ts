import { z } from "zod";

import { activityIdParam, dateParam, partnerParam } from "../../inputs/path-params.ts";
import { availableTimeslotSchema } from "../../presenters/availability-schema.ts";
import { findActivity } from "../../services/find-activity.ts";
import { bookableTimeslotsOn } from "../../services/find-timeslot.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

export const listAvailableTimeslots = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/availability/{ActivityID}/timeslots",
      tags: ["Availability"],
      summary: "Bookable timeslots of one date",
      description:
        "Timeslots of the date (local to the activity) that have not started, are not past their booking cut-off, are open and have a free place, ascending.",
    },
    problems: ["invalid-parameter", "not-found", "validation"],
    keepAnswers: true,
  })
  .input(z.object({ partner: partnerParam, ActivityID: activityIdParam, Date: dateParam("Date") }))
  .output(z.object({ data: z.array(availableTimeslotSchema) }))
  .query(async ({ ctx, input }) => {
    const product = await findActivity(ctx, ctx.principal.operatorId, input.ActivityID);
    const { timeslots, changesAt } = await bookableTimeslotsOn(ctx, product, input.Date, ctx.now());
    ctx.response.changesAt = changesAt;
    return { data: timeslots };
  });
