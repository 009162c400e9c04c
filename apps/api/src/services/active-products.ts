import { listActiveProducts, type Db } from "@slotwise/db";

import { cacheTags, type ReadCache } from "../cache/read-cache.ts";

/**
 * The operator's active products (optionally by part of the name). The whole list is shared
 * until one changes; a filtered one is read each time, so distinct filters cannot crowd the
 * cache out.
 */
export function activeProducts(ctx: { db: Db; cache: ReadCache }, operatorId: number, name?: string) {
  if (name) return listActiveProducts(ctx.db, operatorId, name);
  return ctx.cache.read(`products:${operatorId}`, cacheTags.operatorProducts(operatorId), () =>
    listActiveProducts(ctx.db, operatorId),
  );
}
