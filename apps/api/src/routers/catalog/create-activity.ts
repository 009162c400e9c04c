import { z } from "zod";

import { createOperatorActivityInTx } from "@slotwise/db";

import { withCatalogIdempotency } from "../../idempotency/catalog-idempotency.ts";
import { operatorActivitySchema } from "../../presenters/operator-activity-schema.ts";
import { presentOperatorActivity } from "../../presenters/operator-activity.ts";
import { activityChanges, catalogChanged, checkUnitCurrencies } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createActivityInput } from "./create-activity.schema.ts";

export const createActivity = catalogProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/activities",
      tags: ["Catalogue"],
      summary: "Create an activity",
      description: "Send an Idempotency-Key header to retry safely.",
    },
    problems: ["validation", "idempotency-conflict", "idempotency-key-reuse"],
    successStatus: 201,
  })
  .input(createActivityInput)
  .output(z.object({ data: operatorActivitySchema }))
  .mutation(async ({ ctx, input }) => {
    checkUnitCurrencies(input.Units, input.Currency);
    const given = activityChanges(input);
    const { operatorId } = ctx.principal;
    let created: number | undefined;
    const answer = await withCatalogIdempotency(ctx, "POST /operator/activities", input, async (tx) => {
      const activity = await createOperatorActivityInTx(
        tx,
        operatorId,
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
      created = activity.id;
      return {
        status: 201,
        body: { data: presentOperatorActivity(activity) },
        headers: { Location: `/api/v2/operator/activities/${activity.activityId}` },
      };
    });
    if (created !== undefined) catalogChanged(ctx, operatorId, created);
    return answer;
  });
