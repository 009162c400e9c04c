import { NotFoundError } from "@slotwise/core";
import { findProductByActivityId, listQuestions, partnerMaySell, type Db } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

/** Who is asking: a partner's key sees only the activities it may sell (contract section 17). */
export interface Reader {
  db: Db;
  cache: CacheReads;
  principal?: { kind: string; partner?: { slug: string } | null } | null;
}

/** The partner a request reads for, or null for the operator's own channels (shopfront, console). */
export function readingPartner(ctx: Reader): string | null | undefined {
  return ctx.principal?.kind === "api-key" ? (ctx.principal.partner?.slug ?? null) : undefined;
}

/** Whether the request may see `product`: every partner read goes through here. */
export function visibleTo(
  ctx: Reader,
  product: { active: boolean; allPartners: boolean; partnerSlugs: readonly string[] },
): boolean {
  const partner = readingPartner(ctx);
  return partner === undefined ? product.active : partnerMaySell(product, partner);
}

/**
 * The operator's active product with this ActivityID, or a 404 that names it; a partner that
 * may not sell it gets the same 404, as for an unknown activity.
 */
export async function findActivity(ctx: Reader, operatorId: number, activityId: string) {
  const product = await ctx.cache.read(
    `activity:${operatorId}:${activityId}`,
    cacheTags.operatorProducts(operatorId),
    () => findProductByActivityId(ctx.db, operatorId, activityId),
    (found) => found !== null,
  );
  if (!product || !visibleTo(ctx, product)) throw new NotFoundError(`There is no activity ${activityId}`);
  return product;
}

/** The activity's waiver questions in order, shared until one of them changes. */
export function activityQuestions(ctx: { db: Db; cache: CacheReads }, productId: number) {
  return ctx.cache.read(`questions:${productId}`, cacheTags.product(productId), () => listQuestions(ctx.db, productId));
}
