import type { Database } from "../client.ts";
import { notifyWaitlistInTx } from "../waitlist/notify-waitlist.ts";

/** Holds expired per sweep: a backlog clears over a few sweeps without one long transaction. */
const SWEEP_LIMIT = 500;

/**
 * Expires the holds whose deadline has passed and gives their places back (contract section
 * 10), oldest deadline first, with their history and the waitlists told, in one transaction.
 * Any number of workers may sweep at once: each takes the holds no other has locked (SKIP
 * LOCKED), a confirmation or cancellation in progress keeps its hold, and timeslots are
 * locked in id order, as a change locks them, so two sweeps never deadlock.
 * Returns the bookings expired and the timeslots that got places back.
 */
export function expireHolds(db: Database, now: Date) {
  return db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: number; timeslotId: number; participants: number }[]>`
      SELECT id, timeslot_id AS "timeslotId", participants FROM bookings
       WHERE status = 'ON_HOLD' AND expires_at <= ${now}
       ORDER BY expires_at LIMIT ${SWEEP_LIMIT}
         FOR UPDATE SKIP LOCKED`;
    if (due.length === 0) return { bookingIds: [], timeslotIds: [] };
    const freed = new Map<number, number>();
    for (const hold of due) freed.set(hold.timeslotId, (freed.get(hold.timeslotId) ?? 0) + hold.participants);
    const timeslotIds = [...freed.keys()].sort((a, b) => a - b);
    const bookingIds = due.map((hold) => hold.id);
    await tx.$queryRaw`SELECT id FROM timeslots WHERE id = ANY(${timeslotIds}::int[]) ORDER BY id FOR UPDATE`;
    await tx.$executeRaw`
      UPDATE bookings SET status = 'EXPIRED', updated_at = ${now} WHERE id = ANY(${bookingIds}::int[])`;
    await tx.$executeRaw`
      INSERT INTO booking_events (booking_id, type, actor, at)
      SELECT id, 'expired', 'system', ${now} FROM unnest(${bookingIds}::int[]) AS expired(id)`;
    await tx.$executeRaw`
      UPDATE timeslots t SET places_taken = t.places_taken - f.places, updated_at = ${now}
        FROM unnest(${timeslotIds}::int[], ${timeslotIds.map((id) => freed.get(id) ?? 0)}::int[]) AS f(id, places)
       WHERE t.id = f.id`;
    for (const timeslotId of timeslotIds) await notifyWaitlistInTx(tx, timeslotId, now);
    return { bookingIds, timeslotIds };
  });
}
