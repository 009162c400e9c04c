import { ForbiddenError, UnauthorizedError } from "@slotwise/core";
import { findSession } from "@slotwise/db";

import { bearerToken } from "../../auth/bearer-token.ts";
import { assertConsoleOrigin } from "../../auth/console-origin.ts";
import { t } from "../init.ts";

/** Who edits a catalogue: an operator key with the `catalog` scope, or a signed-in console user. */
export interface CatalogPrincipal {
  kind: "catalog";
  operatorId: number;
}

/**
 * An operator key with the `catalog` scope (contract section 17) when the request carries
 * `Authorization`, the console session otherwise: both reach the same procedures.
 */
export const requireCatalogAccess = t.middleware(async ({ ctx, next, type }) => {
  await ctx.guards.checkAuthFailures(ctx.clientAddress);
  if (ctx.authorization !== undefined) {
    const token = bearerToken(ctx.authorization);
    const key = token ? await ctx.authenticateKey(token) : null;
    if (!key) {
      await ctx.guards.authFailed(ctx.clientAddress);
      throw new UnauthorizedError(
        token ? "The API key is unknown, revoked or expired" : "Send your API key as Authorization: Bearer <key>",
      );
    }
    if (!key.scopes.includes("catalog"))
      throw new ForbiddenError("This key does not have the catalog scope needed for the operator's catalogue");
    return next({ ctx: { principal: { kind: "catalog" as const, operatorId: key.operatorId } } });
  }
  if (type === "mutation") assertConsoleOrigin(ctx);
  const session = ctx.sessionToken ? await findSession(ctx.db, ctx.sessionToken, ctx.now()) : null;
  if (!session) {
    if (ctx.sessionToken) await ctx.guards.authFailed(ctx.clientAddress);
    throw new UnauthorizedError("Send an API key with the catalog scope as Authorization: Bearer <key>, or sign in");
  }
  return next({ ctx: { principal: { kind: "catalog" as const, operatorId: session.user.operatorId } } });
});
