import { z } from "zod";

import { createSchedule as createScheduleRows } from "@slotwise/db";

import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createScheduleInput } from "./create-schedule.schema.ts";
import { presentSchedule, scheduleSchema } from "./schedule-schema.ts";

export const createSchedule = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities/{ActivityID}/schedules",
      tags: ["Catalogue"],
      summary: "Create a schedule; its timeslots exist (and are bookable) when it answers",
    },
    problems: ["invalid-parameter", "not-found", "validation", "schedule-overlap"],
    successStatus: 201,
  })
  .input(createScheduleInput)
  .output(z.object({ data: scheduleSchema.extend({ Created: z.int() }) }))
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const { schedule, created } = await createScheduleRows(
      ctx.db,
      activity,
      {
        startDate: input.StartDate,
        endDate: input.EndDate,
        weekdays: input.Weekdays,
        times: input.Times,
        capacity: input.Capacity,
      },
      ctx.now(),
    );
    catalogChanged(ctx, operatorId, activity.id);
    ctx.response.status = 201;
    ctx.response.headers.Location = `/api/v2/operator/activities/${activity.activityId}/schedules/${schedule.id}`;
    return { data: { ...presentSchedule(schedule), Created: created } };
  });
