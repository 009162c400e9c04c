import type { WindowTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";

/**
 * Usage per meter and window, from the 15-minute rollups and the entries they do not hold (one
 * snapshot), exact like the summary. `starts` are the ascending starts of windows that tile
 * `starts[0]`..`end` (`localBuckets`): each instant falls in the last window that starts at or
 * before it, found by binary search (`width_bucket`), so no zone name reaches PostgreSQL.
 * Windows are answered by index; only the `meters` given count, or every meter when null. When
 * an edge is off the 15-minute grid (no zone today), all is summed from the entries.
 */
export async function usageSeries(
  db: Db,
  operatorId: number,
  starts: readonly Date[],
  end: Date,
  meters: readonly string[] | null,
): Promise<WindowTotal[]> {
  const start = starts[0] ?? end;
  const aligned = [...starts, end].every((edge) => edge.getTime() % BUCKET_MS === 0);
  const edges = starts.map((s) => s.toISOString());
  const rows = await db.$queryRaw<{ meter: string; win: number; total: string; events: bigint }[]>`
    WITH mark AS (SELECT CASE WHEN ${aligned} THEN watermark ELSE 0 END AS watermark FROM usage_compaction WHERE id = 1),
    parts AS (
      SELECT meter, bucket_start AS at, total, events FROM usage_rollups_15m
       WHERE ${aligned} AND operator_id = ${operatorId} AND bucket_start >= ${start} AND bucket_start < ${end}
      UNION ALL
      SELECT meter, occurred_at, usage, 1 FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT meter, greatest(width_bucket(at, ${edges}::timestamptz[]), 1) - 1 AS win, sum(total)::text AS total, sum(events)::bigint AS events
      FROM parts WHERE ${meters === null} OR meter = ANY(${meters ?? []}::text[])
     GROUP BY 1, 2`;
  return rows.map((r) => ({ meter: r.meter, window: r.win, total: r.total, events: Number(r.events) }));
}
