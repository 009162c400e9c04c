import { cacheTags } from "../../../cache/read-cache.ts";
import type { CacheReads } from "../../../cache/read-trail.ts";

/** Partners' cached reads of the activity see the change at once. */
export function forgetProduct(ctx: { cache: CacheReads; principal: { operatorId: number } }, productId: number) {
  ctx.cache.changed(cacheTags.product(productId));
  ctx.cache.changed(cacheTags.operatorProducts(ctx.principal.operatorId));
}
