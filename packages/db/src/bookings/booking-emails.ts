import { queueEmail } from "../email/queue-email.ts";
import { confirmationEmail, reminderEmail } from "../email/templates.ts";
import type { Tx } from "../tx.ts";

export interface ConfirmedBooking {
  id: number;
  reference: string;
  operatorId: number;
  participants: number;
  startsAt: Date;
  customerFirstName: string | null;
  customerEmail: string | null;
}

/**
 * Who a confirmed booking's e-mails go to. The database refuses a confirmed booking without a
 * customer (a CHECK constraint), so a missing one here is a broken invariant, not a case.
 */
function customerOf(booking: ConfirmedBooking): { firstName: string; email: string } {
  if (booking.customerFirstName === null || booking.customerEmail === null)
    throw new Error(`Booking ${booking.reference} is confirmed without a customer`);
  return { firstName: booking.customerFirstName, email: booking.customerEmail };
}

/**
 * Queues a confirmed booking's confirmation and, when the start is far enough ahead, its
 * reminder, in the caller's transaction. Both are named by the booking and its start, so a
 * retry queues nothing twice and a booking moved to another start gets a reminder for it.
 */
export async function queueBookingEmailsInTx(
  tx: Tx,
  booking: ConfirmedBooking,
  slot: { productName: string; timeZone: string },
  options: { now: Date; reminderHoursBefore?: number | undefined },
) {
  const { now } = options;
  const at = { ...slot, startsAt: booking.startsAt };
  const toCustomer = (
    kind: "BOOKING_CONFIRMATION" | "BOOKING_REMINDER",
    dedupeKey: string,
    content: { subject: string; text: string },
    sendAfter: Date,
  ) =>
    queueEmail(tx, {
      operatorId: booking.operatorId,
      kind,
      dedupeKey,
      to: customerOf(booking).email,
      ...content,
      bookingId: booking.id,
      sendAfter,
      createdAt: now,
    });
  await toCustomer(
    "BOOKING_CONFIRMATION",
    `confirmation:${booking.reference}`,
    confirmationEmail(booking.reference, customerOf(booking).firstName, booking.participants, at),
    now,
  );
  await queueReminderInTx(tx, booking, slot, options);
}

/** The reminder before a confirmed booking's start, unless that moment has passed. */
export async function queueReminderInTx(
  tx: Tx,
  booking: ConfirmedBooking,
  slot: { productName: string; timeZone: string },
  { now, reminderHoursBefore }: { now: Date; reminderHoursBefore?: number | undefined },
) {
  if (reminderHoursBefore === undefined) return;
  const remindAt = new Date(booking.startsAt.getTime() - reminderHoursBefore * 3_600_000);
  if (remindAt <= now) return;
  await queueEmail(tx, {
    operatorId: booking.operatorId,
    kind: "BOOKING_REMINDER",
    dedupeKey: `reminder:${booking.reference}:${booking.startsAt.toISOString()}`,
    to: customerOf(booking).email,
    ...reminderEmail(booking.reference, customerOf(booking).firstName, { ...slot, startsAt: booking.startsAt }),
    bookingId: booking.id,
    sendAfter: remindAt,
    createdAt: now,
  });
}

/** A reminder not yet sent is withdrawn when the booking is cancelled or moves. */
export function withdrawReminderInTx(tx: Tx, bookingId: number) {
  return tx.outboxEmail.deleteMany({ where: { bookingId, kind: "BOOKING_REMINDER", status: "QUEUED" } });
}
