import { z } from "zod";

import { idField, NotFoundError } from "@slotwise/core";
import { deleteSchedule as deleteScheduleRows } from "@slotwise/db";

import { activityIdParam } from "../../inputs/path-params.ts";
import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";

export const deleteSchedule = catalogProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/operator/activities/{ActivityID}/schedules/{ID}",
      tags: ["Catalogue"],
      summary: "Delete a schedule: its future timeslots go, except those holding a booking (Kept)",
    },
    problems: ["invalid-parameter", "not-found", "validation"],
  })
  .input(z.object({ ActivityID: activityIdParam, ID: z.coerce.number().pipe(idField("ID")) }))
  .output(
    z.object({ data: z.object({ ID: z.int(), Kept: z.array(z.object({ Date: z.string(), Time: z.string() })) }) }),
  )
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const result = await deleteScheduleRows(ctx.db, activity, input.ID, ctx.now());
    if (!result) throw new NotFoundError(`The activity has no schedule ${input.ID}`);
    catalogChanged(ctx, operatorId, activity.id);
    return { data: { ID: input.ID, Kept: result.kept.map((slot) => ({ Date: slot.date, Time: slot.time })) } };
  });
