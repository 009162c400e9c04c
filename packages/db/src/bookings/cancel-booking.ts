import { effectiveStatus, holdsPlaces } from "@slotwise/core";

import type { Database } from "../client.ts";
import { checkedInPersons } from "../tickets/checked-in-persons.ts";
import type { Tx } from "../tx.ts";
import { notifyWaitlistInTx } from "../waitlist/notify-waitlist.ts";
import { withdrawReminderInTx } from "./booking-emails.ts";
import { lockBookingInTx, lockBookingsInTx, type LockedBooking } from "./lock-booking.ts";

/**
 * What a cancel refunds (minor units; null when no refund applies), decided from the booking as
 * locked, so that a change committed meanwhile is what the refund is quoted on, with the
 * persons checked in by then. It throws to refuse the cancel, before anything is written.
 */
export type CancelRefund = number | null | ((locked: LockedBooking & { checkedIn: number }) => number | null);

/**
 * Cancels a booking or a hold, gives its places back and notifies the timeslot's waitlist, in
 * the caller's transaction. A booking that holds no places (cancelled, or a hold past its
 * deadline, swept or not) is returned as it is: cancelling it changes nothing, and the sweep
 * gives an expired hold's places back. `refund` is what the cancel refunds (see CancelRefund),
 * stored on the booking; null when none applies (a payment that never arrived, a hold).
 */
export async function cancelBookingInTx(
  tx: Tx,
  bookingId: number,
  actor: string,
  now: Date,
  refundAmount: CancelRefund = null,
) {
  const locked = await lockBookingInTx(tx, bookingId);
  const status = effectiveStatus(locked, now);
  if (!holdsPlaces(status)) return tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
  const quoted =
    typeof refundAmount === "function"
      ? refundAmount({ ...locked, checkedIn: await checkedInPersons(tx, bookingId) })
      : refundAmount;
  // A hold was never paid: releasing it refunds nothing.
  const refund = status === "ON_HOLD" ? null : quoted;
  const booking = await tx.booking.update({
    where: { id: bookingId },
    data: {
      status: "CANCELLED",
      cancelledAt: now,
      updatedAt: now,
      refundAmount: refund,
      events: {
        create: { type: "cancelled", actor, at: now, ...(refund === null ? {} : { detail: { refundAmount: refund } }) },
      },
    },
  });
  await tx.$executeRaw`
    UPDATE timeslots SET places_taken = places_taken - ${booking.participants}, updated_at = ${now} WHERE id = ${booking.timeslotId}`;
  await withdrawReminderInTx(tx, bookingId);
  await notifyWaitlistInTx(tx, booking.timeslotId, now);
  return booking;
}

/**
/**
 * Cancels these bookings in one transaction, all or none: `refund` throwing for one of them
 * rolls back those cancelled before it. The bookings are locked in id order, then their
 * timeslots in id order, so two such cancels over crossing timeslots queue instead of
 * deadlocking. Answers the bookings in id order, as cancelBookingInTx leaves each.
 */
export function applyBookingCancellations(
  db: Database,
  bookingIds: readonly number[],
  actor: string,
  now: Date,
  refundAmount: CancelRefund = null,
) {
  return db.$transaction(async (tx) => {
    const locked = await lockBookingsInTx(tx, bookingIds);
    await tx.$executeRaw`
      SELECT 1 FROM timeslots WHERE id = ANY(${[...new Set(locked.map((b) => b.timeslotId))]}::int[])
       ORDER BY id FOR NO KEY UPDATE`;
    const cancelled = [];
    for (const booking of locked) cancelled.push(await cancelBookingInTx(tx, booking.id, actor, now, refundAmount));
    return cancelled;
  });
}
