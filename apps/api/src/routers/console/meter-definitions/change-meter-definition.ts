import { meterDefinitionSchema, NotFoundError } from "@slotwise/core";
import { changeMeterDefinition } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { definitionRecord, definitionsOf } from "./operator-definitions.ts";

/** Replaces a definition's unit, description and thresholds. */
export const changeConsoleMeterDefinition = consoleProcedure
  .input(meterDefinitionSchema)
  .mutation(async ({ ctx, input }) => {
    if (!(await changeMeterDefinition(ctx.db, ctx.principal.operatorId, definitionRecord(input))))
      throw new NotFoundError(`There is no definition of ${input.Meter}`);
    return definitionsOf(ctx);
  });
