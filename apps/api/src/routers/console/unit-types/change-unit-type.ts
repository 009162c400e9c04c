import { NotFoundError } from "@slotwise/core";
import { changeUnitType } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { forgetProduct, presentUnitTypes, unitTypesOrThrow } from "./activity-unit-types.ts";
import { unitTypeInput } from "./unit-type.schema.ts";

/** Changes a unit type (and sells it again if retired); only new bookings see a new price. */
export const changeConsoleUnitType = consoleProcedure.input(unitTypeInput).mutation(async ({ ctx, input }) => {
  const { productId, ...unit } = input;
  await unitTypesOrThrow(ctx, productId);
  if (!(await changeUnitType(ctx.db, productId, unit)))
    throw new NotFoundError(`This activity has no unit ${unit.unitId}`);
  forgetProduct(ctx, productId);
  return presentUnitTypes(await unitTypesOrThrow(ctx, productId));
});
