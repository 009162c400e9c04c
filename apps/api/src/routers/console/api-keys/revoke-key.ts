import { revokeApiKey } from "@slotwise/db";

import { cacheTags } from "../../../cache/read-cache.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { revokeKeyInput } from "./revoke-key.schema.ts";

export const revokeKey = consoleProcedure.input(revokeKeyInput).mutation(async ({ ctx, input }) => {
  const now = ctx.now();
  const revoked = await revokeApiKey(ctx.db, input.prefix, now, ctx.principal.operatorId);
  ctx.cache.changed(cacheTags.apiKey(revoked.hash));
  return { prefix: revoked.prefix, revokedAt: (revoked.revokedAt ?? now).toISOString() };
});
