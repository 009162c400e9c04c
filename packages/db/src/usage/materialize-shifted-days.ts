import type { Tx } from "../tx.ts";

/** A shifted day is made once it ended at least this long ago: by then its folds are mostly in. */
const CLOSED_AFTER = "1 hour";

/**
 * Makes the shifted days (`usage_rollups_shifted_days`) that have closed since the last time,
 * for every kept shift, from the 15-minute rollups, and moves each shift's
 * `materialized_through` past them; from then on the triggers keep those days in step with
 * late folds. Each day of each shift is made once, instead of being rewritten by every fold
 * while it is open (migration usage_rollups_shifted_days). Runs inside a compaction, after the
 * watermark moved: every writer of the 15-minute rollups is a compactor holding the watermark
 * row, so nothing folds between the copy and the move. Read per operator, by the rollups' own
 * index. Returns how many shifts moved on.
 */
export function materializeShiftedDays(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    WITH due AS (
      SELECT minutes, materialized_through AS f,
             usage_shifted_day_start(${now}::timestamptz - ${CLOSED_AFTER}::interval, minutes) AS t
        FROM usage_day_shifts
       WHERE materialized_through < usage_shifted_day_start(${now}::timestamptz - ${CLOSED_AFTER}::interval, minutes)
         FOR UPDATE
    ),
    made AS (
      INSERT INTO usage_rollups_shifted_days (operator_id, day_shift, day_start, meter, total, events)
      SELECT q.operator_id, due.minutes, usage_shifted_day_start(q.bucket_start, due.minutes), q.meter, sum(q.total), sum(q.events)
        FROM due CROSS JOIN operators o
        JOIN LATERAL (
          SELECT * FROM usage_rollups_15m r WHERE r.operator_id = o.id AND r.bucket_start >= due.f AND r.bucket_start < due.t
        ) AS q ON true
       GROUP BY 1, 2, 3, 4
       ORDER BY 1, 2, 3, 4
    )
    UPDATE usage_day_shifts s SET materialized_through = due.t FROM due WHERE s.minutes = due.minutes`;
}
