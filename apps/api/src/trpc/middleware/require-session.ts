import { UnauthorizedError } from "@slotwise/core";
import { findSession } from "@slotwise/db";

import { assertConsoleOrigin } from "../../auth/console-origin.ts";
import { t } from "../init.ts";

/**
 * A signed-in console user. The session cookie is HTTP-only and SameSite=Lax; on top of
 * that a mutation whose Origin is not the console's own is refused, so no other site can
 * make a signed-in browser act.
 */
export const requireSession = t.middleware(async ({ ctx, next, type }) => {
  if (type === "mutation") assertConsoleOrigin(ctx);
  await ctx.guards.checkAuthFailures(ctx.clientAddress);
  const session = ctx.sessionToken ? await findSession(ctx.db, ctx.sessionToken, ctx.now()) : null;
  if (!session) {
    // A browser without a cookie is not guessing; one with a cookie that names no session may be.
    if (ctx.sessionToken) await ctx.guards.authFailed(ctx.clientAddress);
    throw new UnauthorizedError("Sign in to continue");
  }
  return next({
    ctx: {
      ...ctx,
      principal: {
        kind: "console" as const,
        userId: session.userId,
        operatorId: session.user.operatorId,
        email: session.user.email,
      },
    },
  });
});
