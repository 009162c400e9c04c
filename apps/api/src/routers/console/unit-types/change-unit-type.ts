import { NotFoundError } from "@slotwise/core";
import { changeUnitType } from "@slotwise/db";

import { presentUnitTypes } from "../../../presenters/unit-types.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { forgetProduct } from "./forget-product.ts";
import { loadActivityUnitTypes } from "./load-activity-unit-types.ts";
import { unitTypeInput } from "./unit-type.schema.ts";

/** Changes a unit type (and sells it again if retired); only new bookings see a new price. */
export const changeConsoleUnitType = consoleProcedure.input(unitTypeInput).mutation(async ({ ctx, input }) => {
  const { productId, ...unit } = input;
  await loadActivityUnitTypes(ctx, productId);
  if (!(await changeUnitType(ctx.db, productId, unit)))
    throw new NotFoundError(`This activity has no unit ${unit.unitId}`);
  forgetProduct(ctx, productId);
  return presentUnitTypes(await loadActivityUnitTypes(ctx, productId));
});
