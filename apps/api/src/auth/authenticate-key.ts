import { isApiKeyFormat } from "@slotwise/core";
import { findApiKeyByHash, hashApiKey, scopeFromDb, type Database } from "@slotwise/db";

import { cacheTags, type ReadCache } from "../cache/read-cache.ts";
import type { ApiKeyPrincipal } from "../trpc/context.ts";
import type { LastUsedTracker } from "./last-used.ts";

/** Resolves a bearer key by its hash; unknown, revoked and expired keys are all simply null. */
export function keyAuthenticator(db: Database, cache: ReadCache, tracker: LastUsedTracker, now: () => Date) {
  return async (key: string): Promise<ApiKeyPrincipal | null> => {
    if (!isApiKeyFormat(key)) return null;
    const hash = hashApiKey(key);
    // Revocation and expiry are checked on every request, cached row or not.
    const row = await cache.read(
      `api-key:${hash}`,
      cacheTags.apiKey(hash),
      () => findApiKeyByHash(db, hash),
      (found) => found !== null,
    );
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
