import { usageDimensions } from "@slotwise/core";

import type { Db } from "../tx.ts";

export interface BatchEntry {
  meter: string;
  /** An exact decimal: a JSON number as received. */
  usage: number | string;
  extraInfo: string | null;
  occurredAt: Date;
  eventId: string | null;
}

/**
 * Records a validated batch in one statement: the entries travel as arrays and `unnest`
 * turns them into rows, so a batch of 1,000 costs one round trip, not 1,000. An entry whose
 * EventID the operator already has (from an earlier request, or earlier in this batch) is
 * skipped by the entries' trigger, which claims each EventID in `usage_event_ids`. Rows go in
 * ordered by EventID, then batch order: the first of a repeated EventID wins, and two
 * statements claiming the same EventIDs claim them in the same order, so they cannot deadlock. Each entry's dimensions are taken from its ExtraInfo. Returns how many
 * were recorded.
 */
export function recordUsageBatch(db: Db, operatorId: number, entries: readonly BatchEntry[], createdAt: Date) {
  return db.$executeRaw`
    INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at)
    SELECT ${operatorId}, meter, usage::numeric, extra_info, dimensions::jsonb, occurred_at::timestamptz, event_id, ${createdAt}
      FROM unnest(${entries.map((e) => e.meter)}::text[], ${entries.map((e) => String(e.usage))}::text[],
                  ${entries.map((e) => e.extraInfo)}::text[], ${entries.map((e) => usageDimensions(e.extraInfo))}::text[],
                  ${entries.map((e) => e.occurredAt.toISOString())}::text[], ${entries.map((e) => e.eventId)}::text[])
           WITH ORDINALITY AS batch(meter, usage, extra_info, dimensions, occurred_at, event_id, position)
     ORDER BY event_id NULLS LAST, position`;
}
