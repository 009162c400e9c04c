import { z } from "zod";

import { activityIdParam } from "../../inputs/path-params.ts";
import { operatorActivitySchema } from "../../presenters/operator-activity-schema.ts";
import { presentOperatorActivity } from "../../presenters/operator-activity.ts";
import { operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";

export const getActivity = catalogProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/operator/activities/{ActivityID}",
      tags: ["Catalogue"],
      summary: "One activity, archived or not",
    },
    problems: ["invalid-parameter", "not-found"],
  })
  .input(z.object({ ActivityID: activityIdParam }))
  .output(z.object({ data: operatorActivitySchema }))
  .query(async ({ ctx, input }) => ({
    data: presentOperatorActivity(await operatorActivityOrThrow(ctx.db, ctx.principal.operatorId, input.ActivityID)),
  }));
