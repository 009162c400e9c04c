import { builtInExtraInfo, type BuiltInEvents, type BuiltInMeterName } from "@slotwise/core";

import type { Db } from "../tx.ts";

export interface UsageRecordInput {
  operatorId: number;
  meter: string;
  /** An exact decimal: a JSON number as received, or a decimal string. */
  usage: number | string;
  extraInfo: string | null;
  occurredAt: Date;
  idempotencyKey?: string | null;
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

/**
 * Inserts one entry. The hottest write of the API, so it is one plain INSERT … RETURNING,
 * without the ORM's query building: services report usage far more often than anything else.
 */
export async function recordUsage(db: Db, input: UsageRecordInput): Promise<RecordedUsage> {
  const [row] = await db.$queryRaw<RecordedUsage[]>`
    INSERT INTO usage_entries (operator_id, meter, usage, extra_info, occurred_at, idempotency_key, created_at)
    VALUES (${input.operatorId}, ${input.meter}, ${String(input.usage)}::numeric, ${input.extraInfo}, ${input.occurredAt},
            ${input.idempotencyKey ?? null}, ${input.createdAt ?? new Date()})
    RETURNING id, meter, usage::text AS usage, extra_info AS "extraInfo", occurred_at AS "occurredAt"`;
  if (!row) throw new Error("INSERT … RETURNING returned no row");
  return row;
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
  const { count } = await db.usageEntry.createMany({
    data: [
      {
        operatorId,
        meter,
        usage: "1",
        extraInfo: builtInExtraInfo(meter, event),
        occurredAt,
        createdAt: occurredAt,
        dedupeKey,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}
