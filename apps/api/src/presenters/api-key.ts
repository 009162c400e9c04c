import { keyState } from "@slotwise/core";
import { scopeFromDb, type listApiKeys } from "@slotwise/db";

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** A key as the console lists it: never its secret, which is stored as a hash. */
export function presentApiKey(k: KeyRow, now: Date) {
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
