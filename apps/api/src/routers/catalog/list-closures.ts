import { z } from "zod";

import { listClosures as listClosureRows } from "@slotwise/db";

import { activityIdParam } from "../../inputs/path-params.ts";
import { closureSchema } from "../../presenters/closure-schema.ts";
import { presentClosure } from "../../presenters/closure.ts";
import { operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";

export const listClosures = catalogProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/operator/activities/{ActivityID}/closures",
      tags: ["Catalogue"],
      summary: "The activity's closures, earliest first, each with the bookings still active on its dates",
    },
    problems: ["invalid-parameter", "not-found"],
  })
  .input(z.object({ ActivityID: activityIdParam }))
  .output(z.object({ data: z.array(closureSchema) }))
  .query(async ({ ctx, input }) => {
    const activity = await operatorActivityOrThrow(ctx.db, ctx.principal.operatorId, input.ActivityID);
    return { data: (await listClosureRows(ctx.db, activity.id)).map(presentClosure) };
  });
