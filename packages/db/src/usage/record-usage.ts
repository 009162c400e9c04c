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

export async function recordUsage(db: Db, input: UsageRecordInput) {
  return db.usageEntry.create({
    data: {
      operatorId: input.operatorId,
      meter: input.meter,
      usage: String(input.usage),
      extraInfo: input.extraInfo,
      occurredAt: input.occurredAt,
      idempotencyKey: input.idempotencyKey ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    },
  });
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
    data: [{ operatorId, meter, usage: "1", extraInfo: builtInExtraInfo(meter, event), occurredAt, createdAt: occurredAt, dedupeKey }],
    skipDuplicates: true,
  });
  return count === 1;
}
