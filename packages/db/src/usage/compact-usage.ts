import type { Database } from "../client.ts";

/** Rollup buckets start on this origin, every 15 minutes. */
export const BUCKET_ORIGIN = "2000-01-01T00:00:00Z";
export const BUCKET_MS = 15 * 60_000;

/**
 * Folds the usage entries of every finished transaction not yet folded into the 15-minute
 * and daily rollups, and moves the watermark past them, in one transaction. "Finished" is
 * PostgreSQL's own snapshot horizon: no transaction below it is still running, so no entry
 * can appear below the watermark after it has moved. Safe to run from several processes
 * (they queue on the watermark row) and at any moment. Returns the entries folded.
 */
export async function compactUsage(db: Database): Promise<number> {
  return db.$transaction(async (tx) => {
    const [state] = await tx.$queryRaw<{ watermark: bigint }[]>`SELECT watermark FROM usage_compaction WHERE id = 1 FOR UPDATE`;
    const [{ horizon }] = (await tx.$queryRaw<{ horizon: bigint }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon`) as [{ horizon: bigint }];
    const from = state?.watermark ?? 0n;
    if (horizon <= from) return 0;
    // One scan of the new entries feeds both rollups: whole quarter hours of UTC add up to
    // whole UTC days, so the daily rows are sums of the 15-minute ones.
    const [{ folded }] = (await tx.$queryRaw<{ folded: bigint }[]>`
      WITH fresh AS (
        SELECT operator_id, date_bin('15 minutes', occurred_at, ${new Date(BUCKET_ORIGIN)}::timestamptz) AS bucket_start, meter, sum(usage) AS total, count(*) AS events
          FROM usage_entries WHERE created_xid >= ${from} AND created_xid < ${horizon}
         GROUP BY 1, 2, 3
      ),
      quarter AS (
        INSERT INTO usage_rollups_15m (operator_id, bucket_start, meter, total, events)
        SELECT operator_id, bucket_start, meter, total, events FROM fresh
        ON CONFLICT (operator_id, bucket_start, meter)
        DO UPDATE SET total = usage_rollups_15m.total + EXCLUDED.total, events = usage_rollups_15m.events + EXCLUDED.events
      ),
      daily AS (
        INSERT INTO usage_rollups_daily (operator_id, day, meter, total, events)
        SELECT operator_id, (bucket_start AT TIME ZONE 'UTC')::date, meter, sum(total), sum(events) FROM fresh
         GROUP BY 1, 2, 3
        ON CONFLICT (operator_id, day, meter)
        DO UPDATE SET total = usage_rollups_daily.total + EXCLUDED.total, events = usage_rollups_daily.events + EXCLUDED.events
      )
      SELECT COALESCE(sum(events), 0)::bigint AS folded FROM fresh`) as [{ folded: bigint }];
    await tx.$executeRaw`UPDATE usage_compaction SET watermark = ${horizon}, compacted_at = now() WHERE id = 1`;
    return Number(folded);
  }, { timeout: 600_000 });
}
