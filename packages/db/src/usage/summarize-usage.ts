import type { MeterTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";

const DAY_MS = 86_400_000;

interface Row {
  meter: string;
  total: string;
  events: bigint;
}

/** ISO date of the UTC day that starts at or after `instant`. */
function utcDayAtOrAfter(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Totals per meter of an operator's entries with `start <= occurredAt < end`, exact. Reads,
 * in one statement (one snapshot): whole UTC days from the daily rollups, the edges from the
 * 15-minute rollups, and the entries the compactor has not folded yet or has set aside. A
 * period whose ends are not on 15-minute boundaries (no zone has such offsets today) is
 * summed from the entries.
 */
export async function usageTotals(db: Db, operatorId: number, start: Date, end: Date): Promise<MeterTotal[]> {
  const aligned = start.getTime() % BUCKET_MS === 0 && end.getTime() % BUCKET_MS === 0;
  const rows = aligned ? await fromRollups(db, operatorId, start, end) : await fromEntries(db, operatorId, start, end);
  return rows.map((r) => ({ meter: r.meter, totalUsage: r.total, eventCount: Number(r.events) }));
}

function fromEntries(db: Db, operatorId: number, start: Date, end: Date) {
  return db.$queryRaw<Row[]>`
    SELECT meter, sum(usage)::text AS total, count(*)::bigint AS events
      FROM usage_entries WHERE operator_id = ${operatorId} AND occurred_at >= ${start} AND occurred_at < ${end}
     GROUP BY meter`;
}

function fromRollups(db: Db, operatorId: number, start: Date, end: Date) {
  let firstDay = utcDayAtOrAfter(start);
  let lastDay = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  if (firstDay >= lastDay) firstDay = lastDay = end; // no whole day: all from 15-minute buckets
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return db.$queryRaw<Row[]>`
    WITH mark AS (SELECT watermark FROM usage_compaction WHERE id = 1),
    parts AS (
      SELECT meter, total, events FROM usage_rollups_daily
       WHERE operator_id = ${operatorId} AND day >= ${day(firstDay)}::date AND day < ${day(lastDay)}::date
      UNION ALL
      SELECT meter, total, events FROM usage_rollups_15m
       WHERE operator_id = ${operatorId}
         AND ((bucket_start >= ${start} AND bucket_start < ${firstDay}) OR (bucket_start >= ${lastDay} AND bucket_start < ${end}))
      UNION ALL
      SELECT meter, usage, 1 FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT meter, sum(total)::text AS total, sum(events)::bigint AS events FROM parts GROUP BY meter`;
}
