import { t } from "./init.ts";
import { classifyErrors } from "./middleware/classify-errors.ts";
import { limitShopWrites } from "./middleware/limit-shop-writes.ts";
import { requireCatalogAccess } from "./middleware/require-catalog-access.ts";
import { requireKey, requirePartnerSegment } from "./middleware/require-key.ts";
import { requireSession } from "./middleware/require-session.ts";

export const router = t.router;
export const publicProcedure = t.procedure.use(classifyErrors);

/** An OTA key acting under its own partner's path segment. */
export const partnerProcedure = publicProcedure.use(requireKey("ota")).use(requirePartnerSegment);

/** Any OTA key, under the `/ota/core` path segment that names no partner. */
export const anyPartnerProcedure = publicProcedure.use(requireKey("ota"));

export const usageWriteProcedure = publicProcedure.use(requireKey("usage:write"));
export const usageReadProcedure = publicProcedure.use(requireKey("usage:read"));

/** An operator's key checking guests in (contract section 22). */
export const checkinProcedure = publicProcedure.use(requireKey("checkin"));

/** An anonymous shopfront write (checkout, waitlist): limited per client address. */
export const shopWriteProcedure = publicProcedure.use(limitShopWrites);

/** A signed-in operator in the console: everything is scoped to `principal.operatorId`. */
export const consoleProcedure = publicProcedure.use(requireSession);

/** The operator's catalogue: a key with the `catalog` scope, or the console session (contract section 17). */
export const catalogProcedure = publicProcedure.use(requireCatalogAccess);
