import { z } from "zod";

import { addClosureInTx } from "@slotwise/db";

import { withCatalogIdempotency } from "../../idempotency/catalog-idempotency.ts";
import { closureSchema } from "../../presenters/closure-schema.ts";
import { presentClosure } from "../../presenters/closure.ts";
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
      description: "Send an Idempotency-Key header to retry safely.",
    },
    problems: ["invalid-parameter", "not-found", "validation", "idempotency-conflict", "idempotency-key-reuse"],
    successStatus: 201,
  })
  .input(createClosureInput)
  .output(z.object({ data: closureSchema }))
  .mutation(async ({ ctx, input }) => {
    const operatorId = ctx.principal.operatorId;
    const activity = await operatorActivityOrThrow(ctx.db, operatorId, input.ActivityID);
    const path = `/operator/activities/${activity.activityId}/closures`;
    const answer = await withCatalogIdempotency(ctx, `POST ${path}`, input, async (tx) => {
      const { closure, affected } = await addClosureInTx(
        tx,
        activity,
        { from: input.From, to: input.To, reason: input.Reason },
        ctx.now(),
      );
      return { status: 201, body: { data: presentClosure({ ...closure, affected }) }, headers: {} };
    });
    catalogChanged(ctx, operatorId, activity.id);
    return answer;
  });
