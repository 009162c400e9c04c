import { usageDimensionsOfEach } from "@slotwise/core";

import type { Db } from "../tx.ts";
import { RETURNED, type RecordedUsage, type UsageRecordInput } from "./record-usage.ts";

/** An entry of a shared statement: never with an Idempotency-Key, which takes a transaction of its own. */
export type GroupedEntry = Omit<UsageRecordInput, "idempotencyKey">;

/**
 * Inserts entries of unrelated requests (any operators) in one statement, and says which
 * entry became which row: each entry is given its id before the insert, beside its position,
 * so the answer never depends on the order PostgreSQL inserts in. Rows go in ordered by
 * operator and EventID (then position), so that every statement claims EventIDs in the same
 * order and two of them cannot deadlock on each other's claims; the first of a repeated
 * EventID by position still wins. An entry whose EventID its operator already has is skipped
 * by the entries' trigger and answered `null`.
 */
export async function recordUsageTogether(db: Db, entries: readonly GroupedEntry[]): Promise<(RecordedUsage | null)[]> {
  const rows = await db.$queryRaw<(RecordedUsage & { position: bigint })[]>`
    WITH entry AS (
      SELECT * FROM unnest(${entries.map((e) => e.operatorId)}::int[], ${entries.map((e) => e.meter)}::text[],
                           ${entries.map((e) => String(e.usage))}::text[], ${entries.map((e) => e.extraInfo)}::text[],
                           ${usageDimensionsOfEach(entries.map((e) => e.extraInfo))}::text[],
                           ${entries.map((e) => e.occurredAt.toISOString())}::text[], ${entries.map((e) => e.eventId ?? null)}::text[],
                           ${entries.map((e) => (e.createdAt ?? new Date()).toISOString())}::text[])
             WITH ORDINALITY AS entry(operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at, position)
    ),
    numbered AS (SELECT nextval('usage_entries_id_seq') AS id, position FROM entry),
    inserted AS (
      INSERT INTO usage_entries (id, operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at)
      SELECT n.id, operator_id, meter, usage::numeric, extra_info, dimensions::jsonb, occurred_at::timestamptz, event_id, created_at::timestamptz
        FROM entry JOIN numbered n USING (position)
       ORDER BY operator_id, event_id NULLS LAST, position
      RETURNING ${RETURNED}
    )
    SELECT n.position, inserted.* FROM inserted JOIN numbered n USING (id)`;
  const byPosition = new Map(rows.map(({ position, ...row }) => [Number(position), row]));
  return entries.map((_, i) => byPosition.get(i + 1) ?? null);
}
