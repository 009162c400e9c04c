import { normalizeEmail, UnauthorizedError } from "@slotwise/core";
import { checkCredentials, createSession, SESSION_DAYS } from "@slotwise/db";

import { assertConsoleOrigin } from "../../../auth/console-origin.ts";
import { sessionCookie } from "../../../auth/session-cookie.ts";
import { publicProcedure } from "../../../trpc/procedures.ts";
import { signInInput } from "./sign-in.schema.ts";

export const signIn = publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
  assertConsoleOrigin(ctx);
  // Budgets are checked, and an attempt reserved, before the password is hashed: a
  // guesser costs the server nothing once refused.
  const user = await ctx.guards.signIn.attempt(normalizeEmail(input.email), ctx.clientAddress, () =>
    checkCredentials(ctx.db, input.email, input.password),
  );
  if (!user) throw new UnauthorizedError("The e-mail or the password is wrong");
  const token = await createSession(ctx.db, user.id, ctx.now());
  ctx.response.headers["Set-Cookie"] = sessionCookie(token, SESSION_DAYS * 86_400, ctx.settings.secureCookies);
  return {
    email: user.email,
    name: user.name,
    operator: { slug: user.operator.slug, name: user.operator.name, timeZone: user.operator.timeZone },
  };
});
