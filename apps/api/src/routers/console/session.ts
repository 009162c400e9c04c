import { UnauthorizedError } from "@slotwise/core";
import { checkCredentials, createSession, endSession, SESSION_DAYS } from "@slotwise/db";
import { z } from "zod";
import { clearedSessionCookie, sessionCookie } from "../../http/session-cookie.ts";
import { consoleProcedure, publicProcedure } from "../../trpc/procedures.ts";

export const signIn = publicProcedure
  .input(z.object({ email: z.string().max(254), password: z.string().max(200) }))
  .mutation(async ({ ctx, input }) => {
    if (ctx.origin !== undefined && !ctx.settings.consoleOrigins.includes(ctx.origin)) throw new UnauthorizedError("Sign in from the console");
    const user = await checkCredentials(ctx.db, input.email, input.password);
    if (!user) throw new UnauthorizedError("The e-mail or the password is wrong");
    const token = await createSession(ctx.db, user.id, ctx.now());
    ctx.response.headers["Set-Cookie"] = sessionCookie(token, SESSION_DAYS * 86_400, ctx.settings.secureCookies);
    return { email: user.email, name: user.name, operator: { slug: user.operator.slug, name: user.operator.name, timeZone: user.operator.timeZone } };
  });

export const signOut = consoleProcedure.mutation(async ({ ctx }) => {
  if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
  ctx.response.headers["Set-Cookie"] = clearedSessionCookie(ctx.settings.secureCookies);
  return { signedOut: true };
});

export const me = consoleProcedure.query(async ({ ctx }) => {
  const user = await ctx.db.consoleUser.findUniqueOrThrow({ where: { id: ctx.principal.userId }, include: { operator: true } });
  return { email: user.email, name: user.name, operator: { slug: user.operator.slug, name: user.operator.name, timeZone: user.operator.timeZone } };
});
