import { z } from "zod";

import {
  idField,
  INT4_MAX,
  integerField,
  NotFoundError,
  patternField,
  retireUnitProblem,
  textField,
  UNIT_ID_PATTERN,
  ValidationError,
} from "@slotwise/core";
import { productUnitTypes, retireUnitType, saveUnitType, type Db } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

const productInput = z.object({ productId: idField("productId") });
const unitIdField = patternField(
  "unitId",
  UNIT_ID_PATTERN,
  "lower-case letters, digits, - or _, starting with a letter",
);
const ageField = (field: string) =>
  integerField(field)
    .min(0, { error: `${field} must be at least 0` })
    .max(150, { error: `${field} must be at most 150` })
    .nullable();

async function unitTypesOrThrow(ctx: { db: Db; principal: { operatorId: number } }, productId: number) {
  const product = await productUnitTypes(ctx.db, ctx.principal.operatorId, productId);
  if (!product) throw new NotFoundError(`There is no activity ${productId}`);
  return product;
}

function present(product: Awaited<ReturnType<typeof unitTypesOrThrow>>) {
  return product.units.map((unit) => ({
    unitId: unit.unitId,
    label: unit.label,
    minAge: unit.minAge,
    maxAge: unit.maxAge,
    priceAmount: unit.priceAmount,
    currency: product.currency,
    retired: unit.retiredAt !== null,
  }));
}

/** An activity's unit types, retired ones included (they stay on the bookings that bought them). */
export const listUnitTypes = consoleProcedure
  .input(productInput)
  .query(async ({ ctx, input }) => present(await unitTypesOrThrow(ctx, input.productId)));

/** Adds or changes a unit type; only new bookings see a new price. */
export const saveConsoleUnitType = consoleProcedure
  .input(
    productInput
      .extend({
        unitId: unitIdField,
        label: textField("label", 1, 100),
        minAge: ageField("minAge"),
        maxAge: ageField("maxAge"),
        priceAmount: integerField("priceAmount")
          .min(0, { error: "priceAmount must be at least 0" })
          .max(INT4_MAX, { error: `priceAmount must be at most ${INT4_MAX} minor units` }),
      })
      .refine((unit) => unit.minAge === null || unit.maxAge === null || unit.minAge <= unit.maxAge, {
        error: "maxAge must be at least minAge",
        path: ["maxAge"],
      }),
  )
  .mutation(async ({ ctx, input }) => {
    const { productId, ...change } = input;
    await unitTypesOrThrow(ctx, productId);
    await saveUnitType(ctx.db, productId, change);
    ctx.cache.invalidate(cacheTags.product(productId));
    ctx.cache.invalidate(cacheTags.operatorProducts(ctx.principal.operatorId));
    return present(await unitTypesOrThrow(ctx, productId));
  });

/** Stops selling a unit type (never the adult one). */
export const retireConsoleUnitType = consoleProcedure
  .input(productInput.extend({ unitId: unitIdField }))
  .mutation(async ({ ctx, input }) => {
    const problem = retireUnitProblem(input.unitId);
    if (problem) throw new ValidationError([{ field: "unitId", message: problem }]);
    await unitTypesOrThrow(ctx, input.productId);
    await retireUnitType(ctx.db, input.productId, input.unitId, ctx.now());
    ctx.cache.invalidate(cacheTags.product(input.productId));
    ctx.cache.invalidate(cacheTags.operatorProducts(ctx.principal.operatorId));
    return present(await unitTypesOrThrow(ctx, input.productId));
  });
