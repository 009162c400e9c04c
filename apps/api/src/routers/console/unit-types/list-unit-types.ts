import { presentUnitTypes } from "../../../presenters/unit-types.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { loadActivityUnitTypes } from "./load-activity-unit-types.ts";
import { productInput } from "./unit-type.schema.ts";

/** An activity's unit types, retired ones included (they stay on the bookings that bought them). */
export const listUnitTypes = consoleProcedure
  .input(productInput)
  .query(async ({ ctx, input }) => presentUnitTypes(await loadActivityUnitTypes(ctx, input.productId)));
