import { ForbiddenError, UnauthorizedError } from "@slotwise/core";
import { findSession } from "@slotwise/db";
import { t } from "../init.ts";

/**
 * A signed-in console user. The session cookie is HTTP-only and SameSite=Lax; on top of
 * that a mutation whose Origin is not the console's own is refused, so no other site can
 * make a signed-in browser act.
 */
export const requireSession = t.middleware(async ({ ctx, next, type }) => {
  if (type === "mutation" && ctx.origin !== undefined && !ctx.settings.consoleOrigins.includes(ctx.origin)) {
    throw new ForbiddenError(`Requests from ${ctx.origin} may not change anything here`);
  }
  const session = ctx.sessionToken ? await findSession(ctx.db, ctx.sessionToken, ctx.now()) : null;
  if (!session) throw new UnauthorizedError("Sign in to continue");
  return next({ ctx: { ...ctx, principal: { kind: "console" as const, userId: session.userId, operatorId: session.user.operatorId, email: session.user.email } } });
});
