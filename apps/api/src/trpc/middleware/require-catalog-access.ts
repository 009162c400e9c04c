import { ForbiddenError } from "@slotwise/core";

import { assertConsoleOrigin } from "../../auth/console-origin.ts";
import { t } from "../init.ts";

/** Who edits a catalogue: an operator key with the `catalog` scope, or a signed-in console user. */
export interface CatalogPrincipal {
  kind: "catalog";
  operatorId: number;
  /** The operator key's id, whose Idempotency-Keys are its own; null for a console session. */
  keyId: number | null;
}

/**
 * An operator key with the `catalog` scope (contract section 17) when the request carries
 * `Authorization`, the console session otherwise: both reach the same procedures. The gate's
 * caller (auth/caller.ts) does the looking up and the failure budget.
 */
export const requireCatalogAccess = t.middleware(async ({ ctx, next, type }) => {
  if (ctx.caller.authorization !== undefined) {
    const key = await ctx.caller.apiKey();
    if (!key.scopes.includes("catalog"))
      throw new ForbiddenError("This key does not have the catalog scope needed for the operator's catalogue");
    return next({ ctx: { principal: { kind: "catalog" as const, operatorId: key.operatorId, keyId: key.keyId } } });
  }
  if (type === "mutation") assertConsoleOrigin(ctx);
  const session = await ctx.caller.session();
  return next({ ctx: { principal: { kind: "catalog" as const, operatorId: session.operatorId, keyId: null } } });
});
