import { MAX_METER_DEFINITIONS, meterDefinitionSchema, ValidationError } from "@slotwise/core";
import { createMeterDefinition } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { definitionRecord, definitionsOf } from "./operator-definitions.ts";

/** Defines a meter; one already defined is refused, so nothing is overwritten unawares. */
export const createConsoleMeterDefinition = consoleProcedure
  .input(meterDefinitionSchema)
  .mutation(async ({ ctx, input }) => {
    const outcome = await createMeterDefinition(
      ctx.db,
      ctx.principal.operatorId,
      definitionRecord(input),
      MAX_METER_DEFINITIONS,
    );
    if (outcome === "exists")
      throw new ValidationError([{ field: "Meter", message: `${input.Meter} already has a definition: edit it` }]);
    if (outcome === "full")
      throw new ValidationError([
        { field: "Meter", message: `An operator has at most ${MAX_METER_DEFINITIONS} meter definitions` },
      ]);
    return definitionsOf(ctx);
  });
