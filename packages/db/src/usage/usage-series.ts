import type { Db } from "../tx.ts";
import { BUCKET_MS } from "./compact-usage.ts";

export type SeriesUnit = "day" | "hour";

export interface SeriesPoint {
  meter: string;
  /** Local `YYYY-MM-DD` (day) or `YYYY-MM-DDTHH:00` (hour) in the zone asked for. */
  bucket: string;
  total: string;
  events: number;
}

/**
 * Usage per meter and local day or hour of `zone`, from the 15-minute rollups and the
 * entries not folded yet (one snapshot), exact like the summary.
 */
export async function usageSeries(db: Db, operatorId: number, start: Date, end: Date, zone: string, unit: SeriesUnit): Promise<SeriesPoint[]> {
  const format = unit === "day" ? "YYYY-MM-DD" : 'YYYY-MM-DD"T"HH24:00';
  const aligned = start.getTime() % BUCKET_MS === 0 && end.getTime() % BUCKET_MS === 0;
  const rows = await db.$queryRaw<{ meter: string; bucket: string; total: string; events: bigint }[]>`
    WITH mark AS (SELECT CASE WHEN ${aligned} THEN watermark ELSE 0 END AS watermark FROM usage_compaction WHERE id = 1),
    parts AS (
      SELECT meter, bucket_start AS at, total, events FROM usage_rollups_15m
       WHERE ${aligned} AND operator_id = ${operatorId} AND bucket_start >= ${start} AND bucket_start < ${end}
      UNION ALL
      SELECT meter, occurred_at, usage, 1 FROM usage_entries
       WHERE operator_id = ${operatorId} AND created_xid >= (SELECT watermark FROM mark) AND occurred_at >= ${start} AND occurred_at < ${end}
    )
    SELECT meter, to_char(date_trunc(${unit}, at AT TIME ZONE ${zone}), ${format}) AS bucket, sum(total)::text AS total, sum(events)::bigint AS events
      FROM parts GROUP BY 1, 2 ORDER BY 2, 1`;
  return rows.map((r) => ({ meter: r.meter, bucket: r.bucket, total: r.total, events: Number(r.events) }));
}
