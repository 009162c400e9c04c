import { MAX_UNIT_TYPES, ValidationError } from "@slotwise/core";
import { addUnitType } from "@slotwise/db";

import { presentUnitTypes } from "../../../presenters/unit-types.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { forgetProduct } from "./forget-product.ts";
import { loadActivityUnitTypes } from "./load-activity-unit-types.ts";
import { unitTypeInput } from "./unit-type.schema.ts";

/** Adds a unit type; an ID the activity already has is refused, so nothing is overwritten unawares. */
export const addConsoleUnitType = consoleProcedure.input(unitTypeInput).mutation(async ({ ctx, input }) => {
  const { productId, ...unit } = input;
  const product = await loadActivityUnitTypes(ctx, productId);
  if (product.units.length >= MAX_UNIT_TYPES)
    throw new ValidationError([{ field: "unitId", message: `An activity has at most ${MAX_UNIT_TYPES} unit types` }]);
  if (!(await addUnitType(ctx.db, productId, unit)))
    throw new ValidationError([
      { field: "unitId", message: `This activity already has a unit ${unit.unitId}: edit it` },
    ]);
  forgetProduct(ctx, productId);
  return presentUnitTypes(await loadActivityUnitTypes(ctx, productId));
});
