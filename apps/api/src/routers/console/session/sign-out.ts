import { endSession } from "@slotwise/db";

import { clearedSessionCookie } from "../../../auth/session-cookie.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

export const signOut = consoleProcedure.mutation(async ({ ctx }) => {
  if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
  ctx.response.headers["Set-Cookie"] = clearedSessionCookie(ctx.settings.secureCookies);
  return { signedOut: true };
});
