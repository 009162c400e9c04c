import { purgeAvailabilityChanges } from "../changes/availability-feed.ts";
import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";

/** Rows per DELETE: each statement is its own short transaction, so no lock is held for long. */
export const PURGE_BATCH = 1_000;

/** How long a change stays in the change log: far longer than any API process's once-a-second read of it. */
export const CHANGE_LOG_KEEP_MS = 5 * 60_000;

/** How long the availability change feed keeps a change (contract section 18). */
export const AVAILABILITY_CHANGES_KEEP_MS = 7 * 24 * 60 * 60_000;

/** How long webhook events and the attempts of their deliveries are kept (contract section 21). */
export const WEBHOOK_KEEP_MS = 30 * 24 * 60 * 60_000;

export interface Purged {
  idempotencyRecords: number;
  consoleSessions: number;
  changeLog: number;
  availabilityChanges: number;
  webhookAttempts: number;
  webhookEvents: number;
}

/**
 * Deletes what has outlived its use: `Idempotency-Key` records past their 24 hours and
 * console sessions past their expiry (sessions that were signed out are already gone),
 * change-log rows every API process has long read, availability changes past the feed's 7 days,
 * and webhook attempts and events past their 30 days (an event takes its deliveries with it).
 * Each is found by an indexed time column. Several workers may run it at once: each batch
 * skips the rows another has locked, so they share the work instead of queueing.
 */
export async function purgeExpired(db: Database, now: Date, batch = PURGE_BATCH): Promise<Purged> {
  const webhookCutoff = new Date(now.getTime() - WEBHOOK_KEEP_MS);
  return {
    idempotencyRecords: await deleteExpired(db, "idempotency_records", "expires_at", now, batch),
    consoleSessions: await deleteExpired(db, "console_sessions", "expires_at", now, batch),
    changeLog: await deleteExpired(db, "change_log", "logged_at", new Date(now.getTime() - CHANGE_LOG_KEEP_MS), batch),
    availabilityChanges: await purgeAvailabilityChanges(
      db,
      new Date(now.getTime() - AVAILABILITY_CHANGES_KEEP_MS),
      batch,
    ),
    webhookAttempts: await deleteExpired(db, "webhook_attempts", "at", webhookCutoff, batch),
    webhookEvents: await deleteExpired(db, "webhook_events", "created_at", webhookCutoff, batch),
  };
}

async function deleteExpired(
  db: Database,
  table: "idempotency_records" | "console_sessions" | "change_log" | "webhook_attempts" | "webhook_events",
  column: "expires_at" | "logged_at" | "at" | "created_at",
  before: Date,
  batch: number,
): Promise<number> {
  const name = Prisma.raw(`"${table}"`);
  const at = Prisma.raw(`"${column}"`);
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM ${name} WHERE id IN (SELECT id FROM ${name} WHERE ${at} <= ${before} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
    total += deleted;
    if (deleted < batch) return total;
  }
}
