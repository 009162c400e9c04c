import { z } from "zod";

import { listOperatorActivities } from "@slotwise/db";

import { operatorActivitySchema } from "../../presenters/operator-activity-schema.ts";
import { presentOperatorActivity } from "../../presenters/operator-activity.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";

export const listActivities = catalogProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/operator/activities",
      tags: ["Catalogue"],
      summary: "The operator's activities, archived ones with Active false",
    },
    problems: [],
  })
  .input(z.object({}))
  .output(z.object({ data: z.array(operatorActivitySchema) }))
  .query(async ({ ctx }) => ({
    data: (await listOperatorActivities(ctx.db, ctx.principal.operatorId)).map(presentOperatorActivity),
  }));
