import { z } from "zod";

import { boundedField, MAX_EMAIL_LENGTH, normalizeEmail, UnauthorizedError } from "@slotwise/core";
import { checkCredentials, consoleUserWithOperator, createSession, endSession, SESSION_DAYS } from "@slotwise/db";

import { assertConsoleOrigin } from "../../auth/console-origin.ts";
import { clearedSessionCookie, sessionCookie } from "../../auth/session-cookie.ts";
import { consoleProcedure, publicProcedure } from "../../trpc/procedures.ts";

export const signIn = publicProcedure
  .input(z.object({ email: boundedField("email", MAX_EMAIL_LENGTH), password: boundedField("password", 200) }))
  .mutation(async ({ ctx, input }) => {
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

export const signOut = consoleProcedure.mutation(async ({ ctx }) => {
  if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
  ctx.response.headers["Set-Cookie"] = clearedSessionCookie(ctx.settings.secureCookies);
  return { signedOut: true };
});

export const me = consoleProcedure.query(async ({ ctx }) => {
  const user = await consoleUserWithOperator(ctx.db, ctx.principal.userId);
  return {
    email: user.email,
    name: user.name,
    operator: { slug: user.operator.slug, name: user.operator.name, timeZone: user.operator.timeZone },
  };
});
