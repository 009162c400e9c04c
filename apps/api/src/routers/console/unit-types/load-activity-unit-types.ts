import { NotFoundError } from "@slotwise/core";
import { productUnitTypes, type Db } from "@slotwise/db";

/** Loads the activity's unit types, retired ones included; 404 for another operator's activity. */
export async function loadActivityUnitTypes(ctx: { db: Db; principal: { operatorId: number } }, productId: number) {
  const product = await productUnitTypes(ctx.db, ctx.principal.operatorId, productId);
  if (!product) throw new NotFoundError(`There is no activity ${productId}`);
  return product;
}
