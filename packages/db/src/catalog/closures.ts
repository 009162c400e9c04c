import { addDays, startOfLocalDay } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Db, Tx } from "../tx.ts";

export interface ClosureRecord {
  id: number;
  from: string;
  to: string;
  reason: string;
}

/**
 * Closes every timeslot of the activity on the local dates `from`..`to` and records the
 * closure, so timeslots a schedule makes there later are created closed. Bookings stay; the
 * references of those still active are returned, so that the operator can contact them.
 */
export function addClosure(
  db: Database,
  product: { id: number; timeZone: string },
  closure: { from: string; to: string; reason: string },
  now: Date,
): Promise<{ closure: ClosureRecord; affected: string[] }> {
  return db.$transaction((tx) => addClosureInTx(tx, product, closure, now));
}

/** Records a closure (see addClosure) in the caller's transaction. */
export async function addClosureInTx(
  tx: Tx,
  product: { id: number; timeZone: string },
  closure: { from: string; to: string; reason: string },
  now: Date,
): Promise<{ closure: ClosureRecord; affected: string[] }> {
  const start = startOfLocalDay(closure.from, product.timeZone);
  const end = startOfLocalDay(addDays(closure.to, 1), product.timeZone);
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO closures (product_id, from_date, to_date, reason, created_at)
    VALUES (${product.id}, ${closure.from}::date, ${closure.to}::date, ${closure.reason}, ${now})
    RETURNING id`;
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  await tx.$executeRaw`
    UPDATE timeslots SET closed = true, updated_at = ${now}
     WHERE product_id = ${product.id} AND starts_at >= ${start} AND starts_at < ${end} AND NOT closed`;
  const affected = await tx.$queryRaw<{ reference: string }[]>`
    SELECT reference FROM bookings
     WHERE product_id = ${product.id} AND starts_at >= ${start} AND starts_at < ${end}
       AND status IN ('CONFIRMED', 'ON_HOLD')
     ORDER BY starts_at, reference`;
  return { closure: { id: row.id, ...closure }, affected: affected.map((booking) => booking.reference) };
}

/**
 * The activity's closures, earliest first, each with the references of the bookings still
 * active on its dates (in the activity's zone), as addClosure answers them.
 */
export function listClosures(db: Db, productId: number): Promise<(ClosureRecord & { affected: string[] })[]> {
  return db.$queryRaw<(ClosureRecord & { affected: string[] })[]>`
    SELECT c.id, c.from_date::text AS "from", c.to_date::text AS "to", c.reason,
           COALESCE(ARRAY(
             SELECT b.reference FROM bookings b
              WHERE b.product_id = c.product_id
                AND (b.starts_at AT TIME ZONE p.time_zone)::date BETWEEN c.from_date AND c.to_date
                AND b.status IN ('CONFIRMED', 'ON_HOLD')
              ORDER BY b.starts_at, b.reference), '{}') AS affected
      FROM closures c JOIN products p ON p.id = c.product_id
     WHERE c.product_id = ${productId}
     ORDER BY c.from_date, c.id`;
}
