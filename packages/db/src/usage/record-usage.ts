import {
  builtInExtraInfo,
  usageDimensions,
  usageDimensionsOfEach,
  type BuiltInEvents,
  type BuiltInMeterName,
} from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";

export interface UsageRecordInput {
  operatorId: number;
  meter: string;
  /** An exact decimal: a JSON number as received, or a decimal string. */
  usage: number | string;
  extraInfo: string | null;
  occurredAt: Date;
  idempotencyKey?: string | null;
  /** The client's name for the event; an operator records each once. */
  eventId?: string | null;
  createdAt?: Date;
}

export interface RecordedUsage {
  id: bigint;
  meter: string;
  /** Exact, as stored. */
  usage: string;
  extraInfo: string | null;
  occurredAt: Date;
}

/** The columns of a recorded entry, as every statement here returns them. */
export const RETURNED = Prisma.sql`id, meter, usage::text AS usage, extra_info AS "extraInfo", occurred_at AS "occurredAt"`;

/**
 * Inserts one entry, or finds the one recorded earlier under its EventID (`replayed`). The
 * hottest write of the API, so it is one plain INSERT … RETURNING, without the ORM's query
 * building: services report usage far more often than anything else. The entries' trigger
 * claims the EventID in `usage_event_ids` in the same statement and skips the entry when the
 * operator has it already; that table's primary key decides a race between two processes. The
 * entry's dimensions are taken from its ExtraInfo here, so every way of recording stores them.
 */
export async function recordUsage(
  db: Db,
  input: UsageRecordInput,
): Promise<{ entry: RecordedUsage; replayed: boolean }> {
  const eventId = input.eventId ?? null;
  const [row] = await db.$queryRaw<RecordedUsage[]>`
    INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at, idempotency_key, event_id, created_at)
    VALUES (${input.operatorId}, ${input.meter}, ${String(input.usage)}::numeric, ${input.extraInfo},
            ${usageDimensions(input.extraInfo)}::jsonb, ${input.occurredAt},
            ${input.idempotencyKey ?? null}, ${eventId}, ${input.createdAt ?? new Date()})
    RETURNING ${RETURNED}`;
  if (row) return { entry: row, replayed: false };
  const [earlier] = await recordedUnderEventIds(db, [{ operatorId: input.operatorId, eventId: eventId ?? "" }]);
  if (!earlier) throw new Error(`event ${eventId} conflicted but cannot be found`);
  return { entry: earlier, replayed: true };
}

/**
 * The entries recorded earlier under these EventIDs, in one query (a retry of many events at
 * once must not take a connection per event); null where there is none. The claim names the
 * entry's month too, so only its partition is searched.
 */
export async function recordedUnderEventIds(
  db: Db,
  entries: readonly { operatorId: number; eventId: string }[],
): Promise<(RecordedUsage | null)[]> {
  const rows = await db.$queryRaw<(RecordedUsage & { operatorId: number; eventId: string })[]>`
    SELECT k.operator_id AS "operatorId", k.event_id AS "eventId", e.*
      FROM unnest(${entries.map((e) => e.operatorId)}::int[], ${entries.map((e) => e.eventId)}::text[]) AS wanted(operator_id, event_id)
      JOIN usage_event_ids k USING (operator_id, event_id)
      CROSS JOIN LATERAL (SELECT ${RETURNED} FROM usage_entries WHERE (id, occurred_at) = (k.entry_id, k.occurred_at)) e`;
  const found = new Map(rows.map(({ operatorId, eventId, ...row }) => [`${operatorId}:${eventId}`, row]));
  return entries.map((e) => found.get(`${e.operatorId}:${e.eventId}`) ?? null);
}

/**
 * Records one built-in meter entry for a platform event. `dedupeKey` names the event
 * (`order:42`, `email:7`): recording the same event again, from a retried job or a second
 * worker, is a no-op (the entries' trigger claims the key in `usage_dedupe_keys`), so every
 * event counts exactly once. Returns whether it was new.
 */
export async function recordBuiltInUsage<N extends BuiltInMeterName>(
  db: Db,
  operatorId: number,
  meter: N,
  event: BuiltInEvents[N],
  occurredAt: Date,
  dedupeKey: string,
): Promise<boolean> {
  return (await recordBuiltInUsages(db, [{ operatorId, meter, event, occurredAt, dedupeKey }])) === 1;
}

/** One built-in meter event, as recordBuiltInUsages takes it. */
export interface BuiltInUsage<N extends BuiltInMeterName = BuiltInMeterName> {
  operatorId: number;
  meter: N;
  event: BuiltInEvents[N];
  occurredAt: Date;
  dedupeKey: string;
}

/** recordBuiltInUsage for many events in one statement; returns how many were new. */
export async function recordBuiltInUsages(db: Db, entries: readonly BuiltInUsage[]): Promise<number> {
  if (entries.length === 0) return 0;
  const extraInfos = entries.map((e) => builtInExtraInfo(e.meter, e.event as never));
  return db.$executeRaw`
    INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at, created_at, dedupe_key)
    SELECT operator_id, meter, 1, extra_info, dimensions::jsonb, occurred_at, occurred_at, dedupe_key
      FROM unnest(${entries.map((e) => e.operatorId)}::int[], ${entries.map((e) => e.meter)}::text[],
                  ${extraInfos}::text[], ${usageDimensionsOfEach(extraInfos)}::text[],
                  ${entries.map((e) => e.occurredAt)}::timestamptz[], ${entries.map((e) => e.dedupeKey)}::text[])
           AS e(operator_id, meter, extra_info, dimensions, occurred_at, dedupe_key)`;
}
