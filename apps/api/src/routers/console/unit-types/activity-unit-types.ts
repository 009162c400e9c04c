import { NotFoundError } from "@slotwise/core";
import { productUnitTypes, type Db } from "@slotwise/db";

import { cacheTags } from "../../../cache/read-cache.ts";
import type { CacheReads } from "../../../cache/read-trail.ts";

/** The activity's unit types, retired ones included; 404 for another operator's activity. */
export async function unitTypesOrThrow(ctx: { db: Db; principal: { operatorId: number } }, productId: number) {
  const product = await productUnitTypes(ctx.db, ctx.principal.operatorId, productId);
  if (!product) throw new NotFoundError(`There is no activity ${productId}`);
  return product;
}

export function presentUnitTypes(product: Awaited<ReturnType<typeof unitTypesOrThrow>>) {
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

/** Partners' cached reads of the activity see the change at once. */
export function forgetProduct(ctx: { cache: CacheReads; principal: { operatorId: number } }, productId: number) {
  ctx.cache.changed(cacheTags.product(productId));
  ctx.cache.changed(cacheTags.operatorProducts(ctx.principal.operatorId));
}
