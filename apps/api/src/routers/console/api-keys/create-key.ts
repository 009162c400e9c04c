import { createApiKey, operatorById } from "@slotwise/db";

import { presentApiKey } from "../../../presenters/api-key.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { createKeyInput } from "./create-key.schema.ts";

/** The secret is in this response only: it is stored as a hash. */
export const createKey = consoleProcedure.input(createKeyInput).mutation(async ({ ctx, input }) => {
  const operator = await operatorById(ctx.db, ctx.principal.operatorId);
  const now = ctx.now();
  const { key, record } = await createApiKey(ctx.db, {
    operatorSlug: operator.slug,
    scopes: input.scopes,
    partnerSlug: input.partner || undefined,
    expiresInDays: input.expiresInDays,
    name: input.name,
    now,
  });
  return { key, apiKey: presentApiKey(record, now) };
});
