import type { WindowTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";
import { rollupSpans } from "./rollup-spans.ts";

/**
 * Usage per meter and window, from the rollups and the entries they do not hold (one snapshot),
 * exact like the summary: UTC days wholly inside a window from the daily rollups, the rest from
 * the 15-minute ones (`rollupSpans`). `starts` are the ascending starts of windows that tile
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
  const { days, quarters } = rollupSpans(starts, end);
  const rows = await db.$queryRaw<{ meter: string; win: number; total: string; events: bigint }[]>`
    WITH mark AS (SELECT CASE WHEN ${aligned} THEN watermark ELSE 0 END AS watermark FROM usage_compaction WHERE id = 1),
    parts AS (
      SELECT r.meter, r.day::timestamp AT TIME ZONE 'UTC' AS at, r.total, r.events
        FROM unnest(${days.from}::date[], ${days.to}::date[]) AS span (f, t)
        JOIN usage_rollups_daily r ON r.operator_id = ${operatorId} AND r.day >= span.f AND r.day < span.t
       WHERE ${aligned}
      UNION ALL
      SELECT r.meter, r.bucket_start, r.total, r.events
        FROM unnest(${quarters.from}::timestamptz[], ${quarters.to}::timestamptz[]) AS span (f, t)
        JOIN usage_rollups_15m r ON r.operator_id = ${operatorId} AND r.bucket_start >= span.f AND r.bucket_start < span.t
       WHERE ${aligned}
      UNION ALL
      SELECT meter, occurred_at, usage, 1 FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT meter, greatest(width_bucket(at, ${edges}::timestamptz[]), 1) - 1 AS win, sum(total)::text AS total, sum(events)::bigint AS events
      FROM parts WHERE ${meters === null} OR meter = ANY(${meters ?? []}::text[])
     GROUP BY 1, 2`;
  return rows.map((r) => ({ meter: r.meter, window: r.win, total: r.total, events: Number(r.events) }));
}
