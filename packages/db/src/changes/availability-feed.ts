import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { queryRows } from "../query-rows.ts";

/** One change of the feed: the timeslot's state after it. */
export interface AvailabilityChangeRow {
  sequence: number;
  activityId: string;
  timeZone: string;
  startsAt: Date;
  capacity: number;
  placesTaken: number;
  closed: boolean;
}

export interface AvailabilityFeedPage {
  changes: AvailabilityChangeRow[];
  /** The number to read after next time: every change up to it has been read or is not this partner's. */
  next: number;
  /** The operator's newest number: a position past it names no change ever made. */
  last: number;
  /** Changes up to this number are deleted: a position before it cannot be served. */
  purgedThrough: number;
}

interface PageRow {
  last: string;
  purged: string;
  changes: { s: number; a: string; z: string; t: string; c: number; p: number; x: boolean }[];
}

/**
 * The changes after `after` of the timeslots the partner may sell (`slotwise_partner_may_sell`),
 * at most `limit`, in order. One statement, so the operator's head and the changes come from one
 * snapshot: a head of n there means every change up to n is committed and visible in it (the
 * numbers are handed out in commit order, migrations `availability_feed` and
 * `availability_feed_numbers_per_transaction`), so a short page may
 * move the position to the head, past the other partners' changes too.
 */
export async function readAvailabilityChanges(
  db: Database,
  feed: { operatorId: number; partnerId: number; after: number; limit: number },
): Promise<AvailabilityFeedPage> {
  const [row] = await queryRows<PageRow>(
    db,
    Prisma.sql`
      SELECT slotwise_availability_feed_last(${feed.operatorId}::int)::text AS last,
             coalesce(h.purged_through, 0)::text AS purged,
             coalesce((
               SELECT json_agg(json_build_object('s', c.sequence, 'a', p.activity_id, 'z', p.time_zone,
                                                 't', c.starts_at, 'c', c.capacity, 'p', c.places_taken,
                                                 'x', c.closed) ORDER BY c.sequence)
                 FROM (SELECT * FROM availability_changes
                        WHERE operator_id = ${feed.operatorId} AND sequence > ${feed.after}::bigint
                          AND slotwise_partner_may_sell(${feed.partnerId}::int, product_id)
                        ORDER BY sequence LIMIT ${feed.limit}) c
                 JOIN products p ON p.id = c.product_id
             ), '[]'::json) AS changes
        FROM (SELECT 1) one
        LEFT JOIN availability_feed_heads h ON h.operator_id = ${feed.operatorId}`,
  );
  if (!row) throw new Error("no availability feed read");
  const changes = row.changes.map((c) => ({
    sequence: c.s,
    activityId: c.a,
    timeZone: c.z,
    startsAt: new Date(c.t),
    capacity: c.c,
    placesTaken: c.p,
    closed: c.x,
  }));
  const last = Number(row.last);
  const end = changes.length === feed.limit ? changes.at(-1) : undefined;
  return {
    changes,
    next: end ? end.sequence : Math.max(feed.after, last),
    last,
    purgedThrough: Number(row.purged),
  };
}

/** Where the operator's feed stands now: a reader starting here reads only later changes. */
export async function availabilityFeedHead(db: Database, operatorId: number): Promise<number> {
  const [row] = await queryRows<{ last: string }>(
    db,
    Prisma.sql`SELECT slotwise_availability_feed_last(${operatorId}::int)::text AS last`,
  );
  return Number(row?.last ?? 0);
}

/**
 * Deletes the changes recorded before `before`, `batch` rows per statement, and moves each
 * operator's `purged_through` past what went: a reader whose position is before it is told its
 * cursor expired instead of silently missing changes.
 */
export async function purgeAvailabilityChanges(db: Database, before: Date, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      Prisma.sql`
        WITH gone AS (
          DELETE FROM availability_changes
           WHERE (operator_id, sequence) IN (
             SELECT operator_id, sequence FROM availability_changes
              WHERE recorded_at <= ${before} LIMIT ${batch} FOR UPDATE SKIP LOCKED)
          RETURNING operator_id, sequence
        ), marks AS (
          UPDATE availability_feed_heads h SET purged_through = greatest(h.purged_through, g.top)
            FROM (SELECT operator_id, max(sequence) AS top FROM gone GROUP BY operator_id) g
           WHERE h.operator_id = g.operator_id
        )
        SELECT count(*)::int AS n FROM gone`,
    );
    const deleted = row?.n ?? 0;
    total += deleted;
    if (deleted < batch) return total;
  }
}
