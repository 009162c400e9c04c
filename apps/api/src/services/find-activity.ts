import { NotFoundError } from "@slotwise/core";
import { findProductByActivityId, listQuestions, type Db } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

/** The operator's active product with this ActivityID, or a 404 that names it. */
export async function findActivity(ctx: { db: Db; cache: CacheReads }, operatorId: number, activityId: string) {
  const product = await ctx.cache.read(
    `activity:${operatorId}:${activityId}`,
    cacheTags.operatorProducts(operatorId),
    () => findProductByActivityId(ctx.db, operatorId, activityId),
    (found) => found !== null,
  );
  if (!product) throw new NotFoundError(`There is no activity ${activityId}`);
  return product;
}

/** The activity's waiver questions in order, shared until one of them changes. */
export function activityQuestions(ctx: { db: Db; cache: CacheReads }, productId: number) {
  return ctx.cache.read(`questions:${productId}`, cacheTags.product(productId), () => listQuestions(ctx.db, productId));
}
