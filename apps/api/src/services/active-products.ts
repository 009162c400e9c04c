import { listActiveProducts } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import { visibleTo, type Reader } from "./find-activity.ts";

/**
 * The operator's active products (optionally by part of the name). The whole list is shared
 * until one changes; a filtered one is read each time, so distinct filters cannot crowd the
 * cache out, but through the cache all the same, so that the request's trail knows what its
 * answer depends on.
 */
export async function activeProducts(ctx: Reader, operatorId: number, name?: string) {
  return (await operatorProducts(ctx, operatorId, name)).filter((product) => visibleTo(ctx, product));
}

function operatorProducts(ctx: Reader, operatorId: number, name?: string) {
  if (name)
    return ctx.cache.read(
      `products:${operatorId}:${name}`,
      cacheTags.operatorProducts(operatorId),
      () => listActiveProducts(ctx.db, operatorId, name),
      () => false,
    );
  return ctx.cache.read(`products:${operatorId}`, cacheTags.operatorProducts(operatorId), () =>
    listActiveProducts(ctx.db, operatorId),
  );
}
