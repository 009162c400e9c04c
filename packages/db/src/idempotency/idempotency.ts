import { ConflictError, IdempotencyKeyReuseError } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose work never committed belongs to a request that died: it may be taken over. */
export const STALE_CLAIM_MS = 60 * 1000;

export interface StoredResponse {
  status: number;
  body: Prisma.InputJsonValue;
  headers: Record<string, string>;
}

export type Claim = { kind: "claimed"; recordId: number } | { kind: "replay"; response: StoredResponse };

export interface ClaimRequest {
  apiKeyId: number;
  key: string;
  /** Method and path, e.g. `POST /ota/acme-travel/booking`. */
  scope: string;
  requestHash: string;
  now: Date;
}

/**
 * Claims an `Idempotency-Key` for one request, or says what to do instead: replay the first
 * response (same key, same request, finished), refuse (same key, another request: 422), or
 * wait (same key, first request still running: 409). The claim is committed on its own, so
 * a second request with the same key, arriving at the same moment, sees it at once.
 */
export async function claimIdempotencyKey(db: Database, request: ClaimRequest): Promise<Claim> {
  for (;;) {
    const [created] = await db.idempotencyRecord.createManyAndReturn({
      data: [
        {
          apiKeyId: request.apiKeyId,
          key: request.key,
          scope: request.scope,
          requestHash: request.requestHash,
          createdAt: request.now,
          expiresAt: new Date(request.now.getTime() + IDEMPOTENCY_TTL_MS),
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (created) return { kind: "claimed", recordId: created.id };
    const existing = await db.idempotencyRecord.findUnique({
      where: { apiKeyId_key: { apiKeyId: request.apiKeyId, key: request.key } },
    });
    if (!existing) continue;
    if (existing.expiresAt <= request.now) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: request.now } } });
      continue;
    }
    if (existing.scope !== request.scope || existing.requestHash !== request.requestHash) {
      throw new IdempotencyKeyReuseError(
        `Idempotency-Key ${request.key} was already used with a different request (${existing.scope}); use a new key for a new request`,
      );
    }
    if (existing.state === "COMPLETED" && existing.responseStatus !== null) {
      return {
        kind: "replay",
        response: {
          status: existing.responseStatus,
          body: existing.responseBody as Prisma.InputJsonValue,
          headers: (existing.responseHeaders ?? {}) as Record<string, string>,
        },
      };
    }
    if (existing.createdAt.getTime() < request.now.getTime() - STALE_CLAIM_MS) {
      const { count } = await db.idempotencyRecord.updateMany({
        where: { id: existing.id, state: "IN_PROGRESS", createdAt: existing.createdAt },
        data: { createdAt: request.now },
      });
      if (count === 1) return { kind: "claimed", recordId: existing.id };
      continue;
    }
    throw new ConflictError(
      "idempotency-conflict",
      `A request with Idempotency-Key ${request.key} is still being processed; retry in a moment`,
    );
  }
}

/** Stores the response in the same transaction as the work it describes: both commit, or neither. */
export async function completeIdempotencyInTx(tx: Tx, recordId: number, response: StoredResponse): Promise<void> {
  await tx.idempotencyRecord.update({
    where: { id: recordId },
    data: {
      state: "COMPLETED",
      responseStatus: response.status,
      responseBody: response.body,
      responseHeaders: response.headers,
    },
  });
}

/** Gives the key back after the work failed, so that a retry runs it again. */
export async function releaseIdempotencyClaim(db: Database, recordId: number): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "IN_PROGRESS" } });
}
