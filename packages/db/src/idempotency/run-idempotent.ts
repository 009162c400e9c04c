import type { Database } from "../client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { seal, type SealedTx } from "../sealed.ts";
import { completeIdempotencyInTx, releaseIdempotencyClaim } from "./idempotency.ts";

/** What a write answers: kept under its `Idempotency-Key` to be answered again. */
export interface IdempotentResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Runs `work` in one transaction. Under a claimed key (`recordId` from claimIdempotencyKey),
 * the response it returns is stored in that same transaction, so a crash in between cannot
 * keep one without the other; when the work fails, the claim is given back so that a retry
 * runs it again. Without a key (`null`), the work simply runs in its transaction.
 */
export async function runIdempotent<R extends IdempotentResponse>(
  db: Database,
  recordId: number | null,
  work: (tx: SealedTx) => Promise<R>,
): Promise<R> {
  if (recordId === null) return db.$transaction((tx) => work(seal(tx)));
  try {
    return await db.$transaction(async (tx) => {
      const done = await work(seal(tx));
      await completeIdempotencyInTx(tx, recordId, {
        status: done.status,
        body: done.body as Prisma.InputJsonValue,
        headers: done.headers,
      });
      return done;
    });
  } catch (error) {
    await releaseIdempotencyClaim(db, recordId);
    throw error;
  }
}
