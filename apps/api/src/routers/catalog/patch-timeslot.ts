import { z } from "zod";

import { patchTimeslotAt } from "@slotwise/db";

import { operatorTimeslotSchema } from "../../presenters/operator-timeslot-schema.ts";
import { presentOperatorTimeslot } from "../../presenters/operator-timeslot.ts";
import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { patchTimeslotInput } from "./patch-timeslot.schema.ts";

export const patchTimeslot = catalogProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/operator/activities/{ActivityID}/timeslots/{Date}/{Time}",
      tags: ["Catalogue"],
      summary: "Change one timeslot's capacity or close/reopen it",
    },
    problems: ["invalid-parameter", "not-found", "validation", "capacity-below-taken"],
  })
  .input(patchTimeslotInput)
  .output(z.object({ data: operatorTimeslotSchema }))
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const slot = await patchTimeslotAt(
      ctx.db,
      operatorId,
      activity,
      { date: input.Date, time: input.Time },
      { capacity: input.Capacity, closed: input.Closed },
      ctx.now(),
    );
    catalogChanged(ctx, operatorId, activity.id);
    return { data: presentOperatorTimeslot(slot, activity.timeZone) };
  });
