import { NotFoundError } from "@slotwise/core";
import { deleteMeterDefinition } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { deleteMeterDefinitionInput } from "./delete-meter-definition.schema.ts";
import { definitionsOf } from "./operator-definitions.ts";

/** Deletes a definition; the notices it gave stay. */
export const deleteConsoleMeterDefinition = consoleProcedure
  .input(deleteMeterDefinitionInput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteMeterDefinition(ctx.db, ctx.principal.operatorId, input.Meter)))
      throw new NotFoundError(`There is no definition of ${input.Meter}`);
    return definitionsOf(ctx);
  });
