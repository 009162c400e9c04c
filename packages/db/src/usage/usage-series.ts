import type { LocalBucket } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";
import { entriesOutsideRollups } from "./entries-outside-rollups.ts";

export interface SeriesPoint {
  meter: string;
  /** The label of the local day or hour (`localBuckets`). */
  bucket: string;
  total: string;
  events: number;
}

/**
 * Usage per meter and bucket, from the 15-minute rollups and the entries they do not hold (one
 * snapshot), exact like the summary. `buckets` are ascending starts from `localBuckets`: each
 * instant falls in the last one that starts at or before it, found by binary search
 * (`width_bucket`), so no zone name reaches PostgreSQL.
 */
export async function usageSeries(
  db: Db,
  operatorId: number,
  start: Date,
  end: Date,
  buckets: readonly LocalBucket[],
): Promise<SeriesPoint[]> {
  const aligned = start.getTime() % BUCKET_MS === 0 && end.getTime() % BUCKET_MS === 0;
  const starts = buckets.map((b) => b.start.toISOString());
  const labels = buckets.map((b) => b.label);
  const rows = await db.$queryRaw<{ meter: string; bucket: string; total: string; events: bigint }[]>`
    WITH mark AS (SELECT CASE WHEN ${aligned} THEN watermark ELSE 0 END AS watermark FROM usage_compaction WHERE id = 1),
    parts AS (
      SELECT meter, bucket_start AS at, total, events FROM usage_rollups_15m
       WHERE ${aligned} AND operator_id = ${operatorId} AND bucket_start >= ${start} AND bucket_start < ${end}
      UNION ALL
      SELECT meter, occurred_at, usage, 1 FROM (${entriesOutsideRollups(operatorId, start, end, Prisma.sql`(SELECT watermark FROM mark)`)}) AS outside
    )
    SELECT meter, (${labels}::text[])[greatest(width_bucket(at, ${starts}::timestamptz[]), 1)] AS bucket, sum(total)::text AS total, sum(events)::bigint AS events
      FROM parts GROUP BY 1, 2 ORDER BY 2, 1`;
  return rows.map((r) => ({ meter: r.meter, bucket: r.bucket, total: r.total, events: Number(r.events) }));
}
