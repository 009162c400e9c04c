import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";
import { notifyWaitlistInTx } from "../waitlist/notify-waitlist.ts";

/**
 * Cancels a booking, gives its places back and notifies the timeslot's waitlist, in the
 * caller's transaction. Cancelling a cancelled booking changes nothing and returns it as is.
 */
export async function cancelBookingInTx(tx: Tx, bookingId: number, actor: string, now: Date) {
  const [locked] = await tx.$queryRaw<
    { status: string }[]
  >`SELECT status FROM bookings WHERE id = ${bookingId} FOR UPDATE`;
  if (!locked) throw new Error(`Booking ${bookingId} does not exist`);
  if (locked.status === "CANCELLED") return tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
  const booking = await tx.booking.update({
    where: { id: bookingId },
    data: {
      status: "CANCELLED",
      cancelledAt: now,
      updatedAt: now,
      events: { create: { type: "cancelled", actor, at: now } },
    },
  });
  await tx.$executeRaw`
    UPDATE timeslots SET places_taken = places_taken - ${booking.participants}, updated_at = ${now} WHERE id = ${booking.timeslotId}`;
  // A reminder of a cancelled booking must not go out.
  await tx.outboxEmail.deleteMany({ where: { bookingId, kind: "BOOKING_REMINDER", status: "QUEUED" } });
  await notifyWaitlistInTx(tx, booking.timeslotId, now);
  return booking;
}

/** Cancels a booking in a transaction of its own (see cancelBookingInTx). */
export function applyBookingCancellation(db: Database, bookingId: number, actor: string, now: Date) {
  return db.$transaction((tx) => cancelBookingInTx(tx, bookingId, actor, now));
}
