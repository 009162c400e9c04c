import { t } from "../init.ts";

/** Anonymous orders and waitlist entries are drawn from their client address's hourly budget. */
export const limitShopWrites = t.middleware(async ({ ctx, next }) => {
  await ctx.guards.takeShopWrite(ctx.clientAddress);
  return next();
});
