import { builtInExtraInfo, usageDimensions, type BuiltInEvents, type BuiltInMeterName } from "@slotwise/core";

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

const RETURNED = Prisma.sql`id, meter, usage::text AS usage, extra_info AS "extraInfo", occurred_at AS "occurredAt"`;

/**
 * Inserts one entry, or finds the one recorded earlier under its EventID (`replayed`). The
 * hottest write of the API, so it is one plain INSERT … RETURNING, without the ORM's query
 * building: services report usage far more often than anything else. The unique index on
 * (operator, EventID) decides a race between two processes recording the same event. The
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
    ${eventId === null ? Prisma.empty : Prisma.sql`ON CONFLICT (operator_id, event_id) DO NOTHING`}
    RETURNING ${RETURNED}`;
  if (row) return { entry: row, replayed: false };
  const [earlier] = await db.$queryRaw<RecordedUsage[]>`
    SELECT ${RETURNED} FROM usage_entries WHERE operator_id = ${input.operatorId} AND event_id = ${eventId}`;
  if (!earlier) throw new Error(`event ${eventId} conflicted but cannot be found`);
  return { entry: earlier, replayed: true };
}

/**
 * Records one built-in meter entry for a platform event. `dedupeKey` names the event
 * (`order:42`, `email:7`): recording the same event again, from a retried job or a second
 * worker, is a no-op, so every event counts exactly once. Returns whether it was new.
 */
export async function recordBuiltInUsage<N extends BuiltInMeterName>(
  db: Db,
  operatorId: number,
  meter: N,
  event: BuiltInEvents[N],
  occurredAt: Date,
  dedupeKey: string,
): Promise<boolean> {
  const extraInfo = builtInExtraInfo(meter, event);
  const dimensions = usageDimensions(extraInfo);
  const { count } = await db.usageEntry.createMany({
    data: [
      {
        operatorId,
        meter,
        usage: "1",
        extraInfo,
        dimensions: dimensions === null ? Prisma.DbNull : (JSON.parse(dimensions) as Prisma.InputJsonObject),
        occurredAt,
        createdAt: occurredAt,
        dedupeKey,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}
