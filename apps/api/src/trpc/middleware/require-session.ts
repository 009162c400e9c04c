import { assertConsoleOrigin } from "../../auth/console-origin.ts";
import { t } from "../init.ts";

/**
 * A signed-in console user (found by the gate's caller, auth/caller.ts). The session cookie is
 * HTTP-only and SameSite=Lax; on top of that a mutation whose Origin is not the console's own
 * is refused, so no other site can make a signed-in browser act.
 */
export const requireSession = t.middleware(async ({ ctx, next, type }) => {
  if (type === "mutation") assertConsoleOrigin(ctx);
  const principal = await ctx.caller.session();
  return next({ ctx: { ...ctx, principal } });
});
