import type { WindowTotal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";
import { rollupSpans } from "./rollup-spans.ts";

/**
 * Usage per meter and window, from the rollups and the entries they do not hold (one snapshot),
 * exact like the summary: UTC days wholly inside a window from the daily rollups, the edges
 * from the 15-minute ones, or from a daily rollup less its 15-minute rest when that reads fewer
 * rows (`rollupSpans`): each rollup part names its window. `starts` are the ascending starts
 * of windows that tile `starts[0]`..`end` (`localBuckets`): an entry not yet folded falls in the
 * last window that starts at or before it, found by binary search (`width_bucket`), so no zone
 * name reaches PostgreSQL. Only the `meters` given count, or every meter when null. When an
 * edge is off the 15-minute grid (no zone today), all is summed from the entries.
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
    quarter_sums AS (
      SELECT span.n, r.meter, sum(r.total) AS total, sum(r.events) AS events
        FROM unnest(${quarters.from}::timestamptz[], ${quarters.to}::timestamptz[]) WITH ORDINALITY AS span (f, t, n)
        JOIN usage_rollups_15m r ON r.operator_id = ${operatorId} AND r.bucket_start >= span.f AND r.bucket_start < span.t
       WHERE ${aligned}
       GROUP BY 1, 2
    ),
    parts AS (
      SELECT r.meter, d.w AS win, r.total, r.events
        FROM usage_rollups_daily r JOIN unnest(${days.day}::date[], ${days.window}::int[]) AS d (day, w) ON d.day = r.day
       WHERE ${aligned} AND r.operator_id = ${operatorId} AND r.day >= ${days.day[0] ?? null}::date AND r.day <= ${days.day.at(-1) ?? null}::date
      UNION ALL
      SELECT q.meter, used.w, q.total * used.sign, q.events * used.sign
        FROM unnest(${quarters.use.span}::int[], ${quarters.use.window}::int[], ${quarters.use.sign}::int[]) AS used (n, w, sign)
        JOIN quarter_sums q ON q.n = used.n
      UNION ALL
      SELECT meter, greatest(width_bucket(occurred_at, ${edges}::timestamptz[]), 1) - 1, usage, 1
        FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT meter, win, sum(total)::text AS total, sum(events)::bigint AS events
      FROM parts WHERE ${meters === null} OR meter = ANY(${meters ?? []}::text[])
     GROUP BY 1, 2
    -- A day taken less its rest nets to no events where the window had none: no row, as before.
    HAVING sum(events) <> 0`;
  return rows.map((r) => ({ meter: r.meter, window: r.win, total: r.total, events: Number(r.events) }));
}
