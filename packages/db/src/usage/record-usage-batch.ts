import { usageDimensionsOfEach } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import { executeCount } from "../query-rows.ts";
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
 * Records a validated batch in one statement: the entries travel as one JSON text that
 * `json_to_recordset` turns into rows, so a batch of 1,000 costs one round trip, not 1,000. Each entry is
 * numbered first; its EventID is then claimed in `usage_event_ids` for that number, all of
 * the batch in one INSERT … ON CONFLICT DO NOTHING, and only the entries whose claim went in
 * are inserted. An EventID the operator already has (from an earlier request, or earlier in
 * this batch) is so skipped; a simultaneous claim of the same EventID waits for the other
 * transaction, as the unique index decides. Claims go in ordered by EventID, then batch order:
 * the first of a repeated EventID wins, and two statements claiming the same EventIDs claim
 * them in the same order, so they cannot deadlock. The entries' row trigger, which claims one
 * entry at a time for every other write, stands aside while `slotwise.usage_keys_claimed` is
 * on, and a statement trigger clears it when this statement ends (migration
 * `usage_batches_claim_keys_by_statement`). Each entry's dimensions are taken from its
 * ExtraInfo. Returns how many were recorded.
 */
export function recordUsageBatch(db: Db, operatorId: number, entries: readonly BatchEntry[], createdAt: Date) {
  const dimensions = usageDimensionsOfEach(entries.map((e) => e.extraInfo));
  // One JSON text rather than an array per column: the driver would escape every element of
  // each array one by one, and Prisma walk them all again, a large share of a batch's API CPU.
  // Usage travels as text, so its decimal reaches numeric exactly as received.
  const rows = JSON.stringify(
    entries.map((e, i) => ({
      meter: e.meter,
      usage: String(e.usage),
      extra_info: e.extraInfo,
      dimensions: dimensions[i],
      occurred_at: e.occurredAt.getTime() / 1000,
      event_id: e.eventId,
    })),
  );
  // `batch` is MATERIALIZED so that nextval runs once per entry: the claim and the entry get
  // the same id. Its rows are joined to `keys_claimed`, so the setting is on before the first
  // row reaches either INSERT; without it, the row trigger would find the statement's own
  // claims and skip every entry with an EventID. The statement trigger that clears the setting
  // runs when the final INSERT ends, so that INSERT must be the one reading `batch` (and so
  // setting it): a last step that read nothing would leave the setting on after it.
  return executeCount(
    db,
    Prisma.sql`
    WITH keys_claimed AS MATERIALIZED (SELECT set_config('slotwise.usage_keys_claimed', 'on', true)),
    batch AS MATERIALIZED (
      SELECT nextval('usage_entries_id_seq') AS id, meter, usage, extra_info, dimensions,
             to_timestamp(occurred_at) AS occurred_at, event_id, position
        FROM ROWS FROM (json_to_recordset(${rows}::json) AS (meter text, usage text, extra_info text, dimensions text,
                                                          occurred_at float8, event_id text))
             WITH ORDINALITY AS entry(meter, usage, extra_info, dimensions, occurred_at, event_id, position)
             CROSS JOIN keys_claimed
    ),
    claimed AS (
      INSERT INTO usage_event_ids (operator_id, event_id, entry_id, occurred_at)
      SELECT ${operatorId}, event_id, id, occurred_at FROM batch WHERE event_id IS NOT NULL ORDER BY event_id, position
      ON CONFLICT DO NOTHING
      RETURNING entry_id
    )
    INSERT INTO usage_entries (id, operator_id, meter, usage, extra_info, dimensions, occurred_at, event_id, created_at)
    SELECT id, ${operatorId}, meter, usage::numeric, extra_info, dimensions::jsonb, occurred_at, event_id, ${createdAt}
      FROM batch
     WHERE event_id IS NULL OR id IN (SELECT entry_id FROM claimed)`,
  );
}
