import { z } from "zod";

import { API_SCOPES, integerField, keyState, textField } from "@slotwise/core";
import { createApiKey, listApiKeys, operatorById, revokeApiKey, scopeFromDb } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

function presentKey(k: KeyRow, now: Date) {
  const state = keyState(k, now);
  return {
    prefix: k.prefix,
    name: k.name,
    partner: k.partner ? { slug: k.partner.slug, name: k.partner.name } : null,
    scopes: k.scopes.map(scopeFromDb),
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    state,
  };
}

export const listKeys = consoleProcedure.query(async ({ ctx }) => {
  const now = ctx.now();
  return (await listApiKeys(ctx.db, ctx.principal.operatorId)).map((k) => presentKey(k, now));
});

/** The secret is in this response only: it is stored as a hash. */
export const createKey = consoleProcedure
  .input(
    z.object({
      name: textField("name", 0, 200).default(""),
      scopes: z.array(z.enum(API_SCOPES)).min(1, { error: "Choose at least one scope" }),
      partner: textField("partner", 0, 64).optional(),
      expiresInDays: integerField("expiresInDays")
        .min(1, { error: "expiresInDays must be at least 1" })
        .max(3650, { error: "expiresInDays must be at most 3650" })
        .optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
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
    return { key, apiKey: presentKey(record, now) };
  });

export const revokeKey = consoleProcedure
  .input(z.object({ prefix: textField("prefix", 1, 32) }))
  .mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    const revoked = await revokeApiKey(ctx.db, input.prefix, now, ctx.principal.operatorId);
    ctx.cache.changed(cacheTags.apiKey(revoked.hash));
    return { prefix: revoked.prefix, revokedAt: (revoked.revokedAt ?? now).toISOString() };
  });
