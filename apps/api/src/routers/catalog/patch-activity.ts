import { z } from "zod";

import { NotFoundError } from "@slotwise/core";
import { patchOperatorActivity } from "@slotwise/db";

import { operatorActivitySchema } from "../../presenters/operator-activity-schema.ts";
import { presentOperatorActivity } from "../../presenters/operator-activity.ts";
import {
  activityChanges,
  catalogChanged,
  checkUnitCurrencies,
  operatorActivityOrThrow,
} from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { patchActivityInput } from "./patch-activity.schema.ts";

export const patchActivity = catalogProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/operator/activities/{ActivityID}",
      tags: ["Catalogue"],
      summary: "Change an activity's fields (Active: false archives it)",
    },
    problems: ["invalid-parameter", "not-found", "validation", "currency-locked", "time-zone-locked"],
  })
  .input(patchActivityInput)
  .output(z.object({ data: operatorActivitySchema }))
  .mutation(async ({ ctx, input }) => {
    const { ActivityID, ...fields } = input;
    const operatorId = ctx.principal.operatorId;
    if (fields.Units?.some((unit) => unit.Price.Currency !== undefined))
      checkUnitCurrencies(
        fields.Units,
        fields.Currency ?? (await operatorActivityOrThrow(ctx.db, operatorId, ActivityID)).currency,
      );
    const activity = await patchOperatorActivity(ctx.db, operatorId, ActivityID, activityChanges(fields), ctx.now());
    if (!activity) throw new NotFoundError(`There is no activity ${ActivityID}`);
    catalogChanged(ctx, operatorId, activity.id);
    return { data: presentOperatorActivity(activity) };
  });
