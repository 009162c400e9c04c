import { NotFoundError, retireUnitProblem, ValidationError } from "@slotwise/core";
import { retireUnitType } from "@slotwise/db";

import { presentUnitTypes } from "../../../presenters/unit-types.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { forgetProduct } from "./forget-product.ts";
import { loadActivityUnitTypes } from "./load-activity-unit-types.ts";
import { retireUnitTypeInput } from "./unit-type.schema.ts";

/** Stops selling a unit type (never the adult one). */
export const retireConsoleUnitType = consoleProcedure.input(retireUnitTypeInput).mutation(async ({ ctx, input }) => {
  const problem = retireUnitProblem(input.unitId);
  if (problem) throw new ValidationError([{ field: "unitId", message: problem }]);
  await loadActivityUnitTypes(ctx, input.productId);
  if (!(await retireUnitType(ctx.db, input.productId, input.unitId, ctx.now())))
    throw new NotFoundError(`This activity has no unit ${input.unitId}`);
  forgetProduct(ctx, input.productId);
  return presentUnitTypes(await loadActivityUnitTypes(ctx, input.productId));
});
