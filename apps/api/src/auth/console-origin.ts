import { ForbiddenError } from "@slotwise/core";

import type { Context } from "../trpc/context.ts";

/**
 * Console changes (signing in included) are accepted only from the console's own origins, so
 * no other site can make a browser act with its cookie. A request without Origin is no
 * browser's cross-site request (browsers send it on every POST), so it passes.
 */
export function assertConsoleOrigin(ctx: Pick<Context, "origin" | "settings">): void {
  if (ctx.origin !== undefined && !ctx.settings.consoleOrigins.includes(ctx.origin)) {
    throw new ForbiddenError(`Requests from ${ctx.origin} may not change anything here`);
  }
}
