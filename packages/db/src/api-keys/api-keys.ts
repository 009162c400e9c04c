import { API_SCOPES, newApiKey, NotFoundError, ValidationError, type ApiScopeName } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Db } from "../tx.ts";
import { hashApiKey } from "./hash-api-key.ts";
import { scopeToDb } from "./scopes.ts";

export interface NewKeyRequest {
  operatorSlug: string;
  scopes: readonly ApiScopeName[];
  partnerSlug?: string | undefined;
  expiresInDays?: number | undefined;
  name?: string | undefined;
  now: Date;
}

/**
 * Issues a key. The secret is returned once and stored only as its hash. An `ota` key must
 * name the partner it sells for; a usage-only key must not.
 */
export async function createApiKey(db: Database, request: NewKeyRequest) {
  const operator = await db.operator.findUnique({ where: { slug: request.operatorSlug } });
  if (!operator) throw new NotFoundError(`No operator ${request.operatorSlug}`);
  const scopes = [...new Set(request.scopes)];
  if (scopes.length === 0)
    throw new ValidationError([
      { field: "scopes", message: `scopes must name at least one of ${API_SCOPES.join(", ")}` },
    ]);
  // catalog and checkin act for the operator itself: a partner's key never carries them.
  const operatorOnly = scopes.filter((scope) => scope === "catalog" || scope === "checkin");
  if (request.partnerSlug && operatorOnly.length > 0)
    throw new ValidationError([
      {
        field: "partner",
        message: `a key with the ${operatorOnly.join(" and ")} scope acts for the operator and is bound to no partner`,
      },
    ]);
  let partnerId: number | null = null;
  if (scopes.includes("ota")) {
    if (!request.partnerSlug)
      throw new ValidationError([{ field: "partner", message: "an ota key must name its partner" }]);
    const partner = await db.partner.findUnique({
      where: { operatorId_slug: { operatorId: operator.id, slug: request.partnerSlug } },
    });
    if (!partner) throw new NotFoundError(`Operator ${operator.slug} has no partner ${request.partnerSlug}`);
    partnerId = partner.id;
  } else if (request.partnerSlug) {
    throw new ValidationError([{ field: "partner", message: "only an ota key is bound to a partner" }]);
  }
  if (request.expiresInDays !== undefined && (!Number.isInteger(request.expiresInDays) || request.expiresInDays < 1)) {
    throw new ValidationError([
      { field: "expiresInDays", message: "expiresInDays must be a whole number of days, at least 1" },
    ]);
  }
  const { key, prefix } = newApiKey();
  const record = await db.apiKey.create({
    data: {
      operatorId: operator.id,
      partnerId,
      name: request.name ?? "",
      prefix,
      hash: hashApiKey(key),
      scopes: scopes.map(scopeToDb),
      createdAt: request.now,
      expiresAt: request.expiresInDays ? new Date(request.now.getTime() + request.expiresInDays * 86_400_000) : null,
    },
    include: { partner: true },
  });
  return { key, record };
}

export function listApiKeys(db: Db, operatorId: number) {
  return db.apiKey.findMany({
    where: { operatorId },
    include: { partner: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Revokes by display prefix; revoking twice keeps the first revocation time. */
export async function revokeApiKey(db: Db, prefix: string, now: Date, operatorId?: number) {
  const key = await db.apiKey.findFirst({ where: { prefix, ...(operatorId === undefined ? {} : { operatorId }) } });
  if (!key) throw new NotFoundError(`No API key with prefix ${prefix}`);
  if (key.revokedAt) return key;
  return db.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
}

export function findApiKeyByHash(db: Db, hash: string) {
  return db.apiKey.findUnique({ where: { hash }, include: { partner: true } });
}

/** Writes many keys' last-use times in one statement (the API batches them instead of writing per request). */
export async function recordKeyUse(db: Db, lastUse: ReadonlyMap<number, Date>): Promise<void> {
  if (lastUse.size === 0) return;
  const ids = [...lastUse.keys()];
  const times = ids.map((id) => lastUse.get(id)?.toISOString());
  await db.$executeRaw`
    UPDATE api_keys AS k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.at), u.at)
      FROM unnest(${ids}::int[], ${times}::timestamptz[]) AS u(id, at)
     WHERE k.id = u.id`;
}
