import { z } from "zod";

import { listMeterDefinitions } from "@slotwise/db";

import { meterDefinitionOutputSchema } from "../../presenters/meter-definition-schema.ts";
import { presentMeterDefinition } from "../../presenters/meter-definition.ts";
import { usageReadProcedure } from "../../trpc/procedures.ts";

export const usageMeterDefinitions = usageReadProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/usage/meter-definitions",
      tags: ["Usage"],
      summary: "Meter definitions",
      description:
        "The operator's meter definitions, by meter name: each meter's unit, description and thresholds per local day or month. Set in the console.",
    },
  })
  .input(z.object({}))
  .output(z.object({ data: z.array(meterDefinitionOutputSchema) }))
  .query(async ({ ctx }) => ({
    data: (await listMeterDefinitions(ctx.db, ctx.principal.operatorId)).map(presentMeterDefinition),
  }));
