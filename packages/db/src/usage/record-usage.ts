import { builtInExtraInfo, type BuiltInEvents, type BuiltInMeterName } from "@slotwise/core";

import { poolOf } from "../client.ts";
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

const RETURNED_COLUMNS = `id, meter, usage::text AS usage, extra_info AS "extraInfo", occurred_at AS "occurredAt"`;
const RETURNED = Prisma.raw(RETURNED_COLUMNS);
const INSERT = `INSERT INTO usage_entries (operator_id, meter, usage, extra_info, occurred_at, idempotency_key, event_id, created_at)
    VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8)`;
const INSERT_PLAIN = `${INSERT} RETURNING ${RETURNED_COLUMNS}`;
const INSERT_ONCE = `${INSERT} ON CONFLICT (operator_id, event_id) DO NOTHING RETURNING ${RETURNED_COLUMNS}`;

/**
 * Inserts one entry, or finds the one recorded earlier under its EventID (`replayed`). The
 * hottest write of the API, so it is one plain INSERT … RETURNING, without the ORM's query
 * building: services report usage far more often than anything else. Outside a transaction
 * it goes straight to the pg pool: Prisma's raw-query path (tracing spans, parameter
 * serialization, result mapping) cost more per request than the statement itself. Either way
 * it is one autocommitted statement, durable once answered. The unique index on (operator,
 * EventID) decides a race between two processes recording the same event.
 */
export async function recordUsage(
  db: Db,
  input: UsageRecordInput,
): Promise<{ entry: RecordedUsage; replayed: boolean }> {
  const eventId = input.eventId ?? null;
  const statement = eventId === null ? INSERT_PLAIN : INSERT_ONCE;
  const values = [
    input.operatorId,
    input.meter,
    String(input.usage),
    input.extraInfo,
    input.occurredAt,
    input.idempotencyKey ?? null,
    eventId,
    input.createdAt ?? new Date(),
  ];
  const pool = poolOf(db);
  const [row] = pool
    ? await insertDirect(pool, statement, values)
    : await db.$queryRawUnsafe<RecordedUsage[]>(statement, ...values);
  if (row) return { entry: row, replayed: false };
  const [earlier] = await db.$queryRaw<RecordedUsage[]>`
    SELECT ${RETURNED} FROM usage_entries WHERE operator_id = ${input.operatorId} AND event_id = ${eventId}`;
  if (!earlier) throw new Error(`event ${eventId} conflicted but cannot be found`);
  return { entry: earlier, replayed: true };
}

async function insertDirect(
  pool: NonNullable<ReturnType<typeof poolOf>>,
  statement: string,
  values: unknown[],
): Promise<RecordedUsage[]> {
  // pg reads int8 as a string; the id stays exact as a bigint.
  const { rows } = await pool.query<Omit<RecordedUsage, "id"> & { id: string }>(statement, values);
  return rows.map((r) => ({ ...r, id: BigInt(r.id) }));
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
