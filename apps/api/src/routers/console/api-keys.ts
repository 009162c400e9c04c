import { API_SCOPES } from "@slotwise/core";
import { createApiKey, listApiKeys, revokeApiKey, scopeFromDb } from "@slotwise/db";
import { z } from "zod";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { cacheTags } from "../../cache/read-cache.ts";

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

function presentKey(k: KeyRow, now: Date) {
  const state: "revoked" | "expired" | "active" = k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt <= now ? "expired" : "active";
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
      name: z.string().trim().max(200).default(""),
      scopes: z.array(z.enum(API_SCOPES)).min(1, { error: "Choose at least one scope" }),
      partner: z.string().trim().max(64).optional(),
      expiresInDays: z.int().min(1).max(3650).optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const operator = await ctx.db.operator.findUniqueOrThrow({ where: { id: ctx.principal.operatorId } });
    const now = ctx.now();
    const { key, record } = await createApiKey(ctx.db, { operatorSlug: operator.slug, scopes: input.scopes, partnerSlug: input.partner || undefined, expiresInDays: input.expiresInDays, name: input.name, now });
    return { key, apiKey: presentKey(record, now) };
  });

export const revokeKey = consoleProcedure.input(z.object({ prefix: z.string().trim().min(1).max(32) })).mutation(async ({ ctx, input }) => {
  const now = ctx.now();
  const revoked = await revokeApiKey(ctx.db, input.prefix, now, ctx.principal.operatorId);
  ctx.cache.invalidate(cacheTags.apiKey(revoked.hash));
  return { prefix: revoked.prefix, revokedAt: (revoked.revokedAt ?? now).toISOString() };
});
