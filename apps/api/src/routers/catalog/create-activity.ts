import { z } from "zod";

import { createOperatorActivity } from "@slotwise/db";

import { operatorActivitySchema } from "../../presenters/operator-activity-schema.ts";
import { presentOperatorActivity } from "../../presenters/operator-activity.ts";
import { activityChanges, catalogChanged } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createActivityInput } from "./create-activity.schema.ts";

export const createActivity = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities",
      tags: ["Catalogue"],
      summary: "Create an activity",
    },
    problems: ["validation"],
    successStatus: 201,
  })
  .input(createActivityInput)
  .output(z.object({ data: operatorActivitySchema }))
  .mutation(async ({ ctx, input }) => {
    const given = activityChanges(input);
    const activity = await createOperatorActivity(
      ctx.db,
      ctx.principal.operatorId,
      {
        name: input.Name,
        durationMinutes: input.DurationMinutes,
        timeZone: input.TimeZone,
        currency: input.Currency,
        units: given.units ?? [],
        description: given.description ?? "",
        location: given.location ?? "",
        bookingCutoffMinutes: given.bookingCutoffMinutes ?? 0,
        maxParticipants: given.maxParticipants ?? 20,
        questions: given.questions ?? [],
        partners: given.partners ?? "all",
        cancellationPolicy: given.cancellationPolicy ?? null,
        active: given.active ?? true,
      },
      ctx.now(),
    );
    catalogChanged(ctx, ctx.principal.operatorId, activity.id);
    ctx.response.status = 201;
    ctx.response.headers.Location = `/api/v2/operator/activities/${activity.activityId}`;
    return { data: presentOperatorActivity(activity) };
  });
