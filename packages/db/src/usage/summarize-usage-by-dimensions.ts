import type { DimensionQuery, DimensionValue, GroupTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";

const DAY_MS = 86_400_000;

interface Row {
  meter: string;
  /** JSON array of the grouped values, in `groupBy` order, null where absent. */
  key: string;
  total: string;
  events: bigint;
}

/**
 * Totals per meter and per combination of the `groupBy` dimensions' values, counting only the
 * entries that pass every filter (contract section 14), exact. Reads like `usageTotals`, in
 * one statement: whole UTC days from the daily dims rollups, the edges from the 15-minute ones,
 * and the entries not folded yet or set aside. The parts are summed per dimension set first,
 * so each distinct set is parsed once, however many rows hold it. A period off the 15-minute
 * grid is summed from the entries. At most `limit` groups are answered (all when null).
 */
export async function usageTotalsByDimensions(
  db: Db,
  operatorId: number,
  start: Date,
  end: Date,
  query: DimensionQuery,
  limit: number | null,
): Promise<GroupTotal[]> {
  const aligned = start.getTime() % BUCKET_MS === 0 && end.getTime() % BUCKET_MS === 0;
  const parts = aligned ? fromRollups(operatorId, start, end) : fromEntries(operatorId, start, end);
  const filters = query.filters.map((f) => Prisma.sql`AND (dims -> ${f.name}::text) = ANY(${f.matches}::jsonb[])`);
  const rows = await db.$queryRaw<Row[]>`
    WITH mark AS (SELECT watermark FROM usage_compaction WHERE id = 1),
    parts AS (${parts}),
    sets AS (SELECT meter, dimensions::jsonb AS dims, sum(total) AS total, sum(events) AS events FROM parts GROUP BY 1, dimensions),
    keyed AS (
      SELECT meter, COALESCE((SELECT jsonb_agg(COALESCE(dims -> g.name, 'null'::jsonb) ORDER BY g.i)
                                FROM unnest(${query.groupBy}::text[]) WITH ORDINALITY AS g (name, i)), '[]'::jsonb) AS key,
             total, events
        FROM sets WHERE true ${filters.length > 0 ? Prisma.join(filters, " ") : Prisma.empty}
    )
    SELECT meter, key::text AS key, sum(total)::text AS total, sum(events)::bigint AS events FROM keyed GROUP BY meter, key LIMIT ${limit}::bigint`;
  return rows.map((r) => ({
    meter: r.meter,
    values: JSON.parse(r.key) as (DimensionValue | null)[],
    totalUsage: r.total,
    eventCount: Number(r.events),
  }));
}

function fromEntries(operatorId: number, start: Date, end: Date) {
  return Prisma.sql`
    SELECT meter, COALESCE(dimensions::text, '{}') AS dimensions, usage AS total, 1 AS events
      FROM usage_entries WHERE operator_id = ${operatorId} AND occurred_at >= ${start} AND occurred_at < ${end}`;
}

function fromRollups(operatorId: number, start: Date, end: Date) {
  let firstDay = new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
  let lastDay = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  if (firstDay >= lastDay) firstDay = lastDay = end; // no whole day: all from 15-minute buckets
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return Prisma.sql`
    SELECT meter, dimensions, total, events FROM usage_rollups_dims_daily
     WHERE operator_id = ${operatorId} AND day >= ${day(firstDay)}::date AND day < ${day(lastDay)}::date
    UNION ALL
    SELECT meter, dimensions, total, events FROM usage_rollups_dims_15m
     WHERE operator_id = ${operatorId}
       AND ((bucket_start >= ${start} AND bucket_start < ${firstDay}) OR (bucket_start >= ${lastDay} AND bucket_start < ${end}))
    UNION ALL
    SELECT meter, dimensions, usage, 1 FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside`;
}
