import { listActiveProducts, type Db } from "@slotwise/db";
import { cacheTags, type ReadCache } from "../cache/read-cache.ts";

/** The operator's active products (optionally by part of the name), shared until one changes. */
export function activeProducts(ctx: { db: Db; cache: ReadCache }, operatorId: number, name?: string) {
  return ctx.cache.read(`products:${operatorId}:${name ?? ""}`, cacheTags.operatorProducts(operatorId), () => listActiveProducts(ctx.db, operatorId, name));
}
