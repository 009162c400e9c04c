import { z } from "zod";

import { ValidationError } from "@slotwise/core";
import { addOneOffTimeslot } from "@slotwise/db";

import { withCatalogIdempotency } from "../../idempotency/catalog-idempotency.ts";
import { operatorTimeslotSchema } from "../../presenters/operator-timeslot-schema.ts";
import { presentOperatorTimeslot } from "../../presenters/operator-timeslot.ts";
import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createTimeslotInput } from "./create-timeslot.schema.ts";

export const createTimeslot = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities/{ActivityID}/timeslots",
      tags: ["Catalogue"],
      summary: "Add one timeslot outside any schedule",
      description: "A start that has already passed is refused (422). Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "invalid-parameter",
      "not-found",
      "validation",
      "timeslot-exists",
      "idempotency-conflict",
      "idempotency-key-reuse",
    ],
    successStatus: 201,
  })
  .input(createTimeslotInput)
  .output(z.object({ data: operatorTimeslotSchema }))
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const path = `/operator/activities/${activity.activityId}/timeslots`;
    const answer = await withCatalogIdempotency(ctx, `POST ${path}`, input, async (tx) => {
      const slot = await addOneOffTimeslot(
        tx,
        activity,
        { date: input.Date, time: input.Time, capacity: input.Capacity },
        ctx.now(),
      );
      if (!slot)
        throw new ValidationError([
          { field: "Time", message: `Time ${input.Time} does not exist on ${input.Date} in ${activity.timeZone}` },
        ]);
      return { status: 201, body: { data: presentOperatorTimeslot(slot, activity.timeZone) }, headers: {} };
    });
    catalogChanged(ctx, operatorId, activity.id);
    return answer;
  });
