import { z } from "zod";

import { addClosure } from "@slotwise/db";

import { catalogChanged, operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createClosureInput } from "./create-closure.schema.ts";

export const createClosure = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities/{ActivityID}/closures",
      tags: ["Catalogue"],
      summary: "Close every timeslot on local dates From..To, also ones scheduled later",
    },
    problems: ["invalid-parameter", "not-found", "validation"],
    successStatus: 201,
  })
  .input(createClosureInput)
  .output(
    z.object({
      data: z.object({
        ID: z.int(),
        From: z.string(),
        To: z.string(),
        Reason: z.string(),
        AffectedBookings: z.array(z.string()).meta({ description: "References of the bookings on those dates" }),
      }),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const { closure, affected } = await addClosure(
      ctx.db,
      activity,
      { from: input.From, to: input.To, reason: input.Reason },
      ctx.now(),
    );
    catalogChanged(ctx, operatorId, activity.id);
    ctx.response.status = 201;
    return {
      data: { ID: closure.id, From: closure.from, To: closure.to, Reason: closure.reason, AffectedBookings: affected },
    };
  });
