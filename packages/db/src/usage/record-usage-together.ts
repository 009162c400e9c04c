import { usageDimensions } from "@slotwise/core";

import type { Db } from "../tx.ts";
import type { RecordedUsage, UsageRecordInput } from "./record-usage.ts";

type Row = RecordedUsage & { operatorId: number; eventId: string | null };

/**
 * Inserts entries of unrelated requests (any operators) in one statement, and says which
 * entry became which row. An entry whose EventID its operator already has (from earlier, or
 * from an earlier entry here: rows go in in order) is skipped by the entries' trigger and
 * answered `null`, for the caller to look up. Rows are matched by EventID where there is one,
 * and otherwise in order: a statement takes its ids from the sequence in the order it inserts.
 * Idempotency keys are not taken: a keyed request runs in its own transaction.
 */
export async function recordUsageTogether(
  db: Db,
  entries: readonly UsageRecordInput[],
): Promise<(RecordedUsage | null)[]> {
  const rows = await db.$queryRaw<Row[]>`
    INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at)
    SELECT operator_id, meter, usage::numeric, extra_info, dimensions::jsonb, occurred_at::timestamptz, event_id, created_at::timestamptz
      FROM unnest(${entries.map((e) => e.operatorId)}::int[], ${entries.map((e) => e.meter)}::text[],
                  ${entries.map((e) => String(e.usage))}::text[], ${entries.map((e) => e.extraInfo)}::text[],
                  ${entries.map((e) => usageDimensions(e.extraInfo))}::text[],
                  ${entries.map((e) => e.occurredAt.toISOString())}::text[], ${entries.map((e) => e.eventId ?? null)}::text[],
                  ${entries.map((e) => (e.createdAt ?? new Date()).toISOString())}::text[])
           WITH ORDINALITY AS entry(operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at, position)
     ORDER BY position
    RETURNING id, meter, usage::text AS usage, extra_info AS "extraInfo", occurred_at AS "occurredAt",
              operator_id AS "operatorId", event_id AS "eventId"`;
  const named = new Map<string, Row>();
  const unnamed: Row[] = [];
  for (const row of rows.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (row.eventId === null) unnamed.push(row);
    else named.set(`${row.operatorId}:${row.eventId}`, row);
  }
  let next = 0;
  return entries.map((entry) => {
    const row = entry.eventId ? named.get(`${entry.operatorId}:${entry.eventId}`) : unnamed[next++];
    // The row is the first entry's with that EventID; a repeat later in the statement was skipped.
    if (entry.eventId) named.delete(`${entry.operatorId}:${entry.eventId}`);
    return row
      ? { id: row.id, meter: row.meter, usage: row.usage, extraInfo: row.extraInfo, occurredAt: row.occurredAt }
      : null;
  });
}
