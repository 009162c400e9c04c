import { z } from "zod";

import {
  idField,
  INT4_MAX,
  integerField,
  MAX_UNIT_TYPES,
  NotFoundError,
  patternField,
  retireUnitProblem,
  textField,
  UNIT_ID_PATTERN,
  ValidationError,
} from "@slotwise/core";
import { addUnitType, changeUnitType, productUnitTypes, retireUnitType, type Db } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import type { CacheReads } from "../../cache/read-trail.ts";
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

const unitTypeInput = productInput
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
  });

function forgetProduct(ctx: { cache: CacheReads; principal: { operatorId: number } }, productId: number) {
  ctx.cache.changed(cacheTags.product(productId));
  ctx.cache.changed(cacheTags.operatorProducts(ctx.principal.operatorId));
}

/** Adds a unit type; an ID the activity already has is refused, so nothing is overwritten unawares. */
export const addConsoleUnitType = consoleProcedure.input(unitTypeInput).mutation(async ({ ctx, input }) => {
  const { productId, ...unit } = input;
  const product = await unitTypesOrThrow(ctx, productId);
  if (product.units.length >= MAX_UNIT_TYPES)
    throw new ValidationError([{ field: "unitId", message: `An activity has at most ${MAX_UNIT_TYPES} unit types` }]);
  if (!(await addUnitType(ctx.db, productId, unit)))
    throw new ValidationError([
      { field: "unitId", message: `This activity already has a unit ${unit.unitId}: edit it` },
    ]);
  forgetProduct(ctx, productId);
  return present(await unitTypesOrThrow(ctx, productId));
});

/** Changes a unit type (and sells it again if retired); only new bookings see a new price. */
export const changeConsoleUnitType = consoleProcedure.input(unitTypeInput).mutation(async ({ ctx, input }) => {
  const { productId, ...unit } = input;
  await unitTypesOrThrow(ctx, productId);
  if (!(await changeUnitType(ctx.db, productId, unit)))
    throw new NotFoundError(`This activity has no unit ${unit.unitId}`);
  forgetProduct(ctx, productId);
  return present(await unitTypesOrThrow(ctx, productId));
});

/** Stops selling a unit type (never the adult one). */
export const retireConsoleUnitType = consoleProcedure
  .input(productInput.extend({ unitId: unitIdField }))
  .mutation(async ({ ctx, input }) => {
    const problem = retireUnitProblem(input.unitId);
    if (problem) throw new ValidationError([{ field: "unitId", message: problem }]);
    await unitTypesOrThrow(ctx, input.productId);
    if (!(await retireUnitType(ctx.db, input.productId, input.unitId, ctx.now())))
      throw new NotFoundError(`This activity has no unit ${input.unitId}`);
    forgetProduct(ctx, input.productId);
    return present(await unitTypesOrThrow(ctx, input.productId));
  });
