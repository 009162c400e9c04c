import { hashApiKey, isApiKeyFormat } from "@slotwise/core";
import { findApiKeyByHash, scopeFromDb, type Database } from "@slotwise/db";
import type { ApiKeyPrincipal } from "../trpc/context.ts";
import type { LastUsedTracker } from "./last-used.ts";

/** Resolves a bearer key by its hash; unknown, revoked and expired keys are all simply null. */
export function keyAuthenticator(db: Database, tracker: LastUsedTracker, now: () => Date) {
  return async (key: string): Promise<ApiKeyPrincipal | null> => {
    if (!isApiKeyFormat(key)) return null;
    const row = await findApiKeyByHash(db, await hashApiKey(key));
    const at = now();
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= at)) return null;
    tracker.touch(row.id, at);
    return {
      kind: "api-key",
      keyId: row.id,
      operatorId: row.operatorId,
      prefix: row.prefix,
      scopes: row.scopes.map(scopeFromDb),
      partner: row.partner ? { id: row.partner.id, slug: row.partner.slug } : null,
    };
  };
}
