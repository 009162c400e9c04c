import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";

/** Rows per DELETE: each statement is its own short transaction, so no lock is held for long. */
export const PURGE_BATCH = 1_000;

export interface Purged {
  idempotencyRecords: number;
  consoleSessions: number;
}

/**
 * Deletes what has outlived its use: `Idempotency-Key` records past their 24 hours and
 * console sessions past their expiry (sessions that were signed out are already gone). Both
 * tables carry `expires_at`, indexed. Several workers may run it at once: each batch skips
 * the rows another has locked, so they share the work instead of queueing.
 */
export async function purgeExpired(db: Database, now: Date, batch = PURGE_BATCH): Promise<Purged> {
  return {
    idempotencyRecords: await deleteExpired(db, "idempotency_records", now, batch),
    consoleSessions: await deleteExpired(db, "console_sessions", now, batch),
  };
}

async function deleteExpired(
  db: Database,
  table: "idempotency_records" | "console_sessions",
  now: Date,
  batch: number,
): Promise<number> {
  const name = Prisma.raw(`"${table}"`);
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM ${name} WHERE id IN (SELECT id FROM ${name} WHERE expires_at <= ${now} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
    total += deleted;
    if (deleted < batch) return total;
  }
}
