import { z } from "zod";

import { listSchedules as listScheduleRows } from "@slotwise/db";

import { activityIdParam } from "../../inputs/path-params.ts";
import { scheduleSchema } from "../../presenters/schedule-schema.ts";
import { presentSchedule } from "../../presenters/schedule.ts";
import { operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";

export const listSchedules = catalogProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/operator/activities/{ActivityID}/schedules",
      tags: ["Catalogue"],
      summary: "The activity's schedules",
    },
    problems: ["invalid-parameter", "not-found"],
  })
  .input(z.object({ ActivityID: activityIdParam }))
  .output(z.object({ data: z.array(scheduleSchema) }))
  .query(async ({ ctx, input }) => {
    const activity = await operatorActivityOrThrow(ctx.db, ctx.principal.operatorId, input.ActivityID);
    return { data: (await listScheduleRows(ctx.db, activity.id)).map(presentSchedule) };
  });
