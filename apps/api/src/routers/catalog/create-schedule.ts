import { z } from "zod";

import { createScheduleInTx } from "@slotwise/db";

import { withCatalogIdempotency } from "../../idempotency/catalog-idempotency.ts";
import { scheduleSchema } from "../../presenters/schedule-schema.ts";
import { presentSchedule } from "../../presenters/schedule.ts";
import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createScheduleInput } from "./create-schedule.schema.ts";

export const createSchedule = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities/{ActivityID}/schedules",
      tags: ["Catalogue"],
      summary: "Create a schedule; its timeslots exist (and are bookable) when it answers",
      description: "Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "invalid-parameter",
      "not-found",
      "validation",
      "schedule-overlap",
      "idempotency-conflict",
      "idempotency-key-reuse",
    ],
    successStatus: 201,
  })
  .input(createScheduleInput)
  .output(z.object({ data: scheduleSchema.extend({ Created: z.int() }) }))
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const path = `/operator/activities/${activity.activityId}/schedules`;
    const answer = await withCatalogIdempotency(ctx, `POST ${path}`, input, async (tx) => {
      const { schedule, created } = await createScheduleInTx(
        tx,
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
      return {
        status: 201,
        body: { data: { ...presentSchedule(schedule), Created: created } },
        headers: { Location: `/api/v2${path}/${schedule.id}` },
      };
    });
    catalogChanged(ctx, operatorId, activity.id);
    return answer;
  });
