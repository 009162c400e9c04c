import { queueEmail, queueEmails, type EmailToQueue } from "../email/queue-email.ts";
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
function customerOf(booking: Omit<ConfirmedBooking, "id">): { firstName: string; email: string } {
  if (booking.customerFirstName === null || booking.customerEmail === null)
    throw new Error(`Booking ${booking.reference} is confirmed without a customer`);
  return { firstName: booking.customerFirstName, email: booking.customerEmail };
}

type BookingEmail = Omit<EmailToQueue, "bookingId">;
interface EmailOptions {
  now: Date;
  reminderHoursBefore?: number | undefined;
}

/**
 * A confirmed booking's confirmation and, when the start is far enough ahead, its reminder.
 * Both are named by the booking and its start, so a retry queues nothing twice and a booking
 * moved to another start gets a reminder for it.
 */
export function bookingEmails(
  booking: Omit<ConfirmedBooking, "id">,
  slot: { productName: string; timeZone: string },
  options: EmailOptions,
): BookingEmail[] {
  const customer = customerOf(booking);
  const confirmation: BookingEmail = {
    operatorId: booking.operatorId,
    kind: "BOOKING_CONFIRMATION",
    dedupeKey: `confirmation:${booking.reference}`,
    to: customer.email,
    ...confirmationEmail(booking.reference, customer.firstName, booking.participants, {
      ...slot,
      startsAt: booking.startsAt,
    }),
    sendAfter: options.now,
    createdAt: options.now,
  };
  const reminder = reminderOf(booking, slot, options);
  return reminder ? [confirmation, reminder] : [confirmation];
}

function reminderOf(
  booking: Omit<ConfirmedBooking, "id">,
  slot: { productName: string; timeZone: string },
  { now, reminderHoursBefore }: EmailOptions,
): BookingEmail | null {
  if (reminderHoursBefore === undefined) return null;
  const remindAt = new Date(booking.startsAt.getTime() - reminderHoursBefore * 3_600_000);
  if (remindAt <= now) return null;
  const customer = customerOf(booking);
  return {
    operatorId: booking.operatorId,
    kind: "BOOKING_REMINDER",
    dedupeKey: `reminder:${booking.reference}:${booking.startsAt.toISOString()}`,
    to: customer.email,
    ...reminderEmail(booking.reference, customer.firstName, { ...slot, startsAt: booking.startsAt }),
    sendAfter: remindAt,
    createdAt: now,
  };
}

/** Queues bookingEmails in the caller's transaction. */
export function queueBookingEmailsInTx(
  tx: Tx,
  booking: ConfirmedBooking,
  slot: { productName: string; timeZone: string },
  options: EmailOptions,
) {
  return queueBookingsEmailsInTx(tx, [{ booking, slot }], options);
}

/** Queues the bookingEmails of several bookings in the caller's transaction, in one statement. */
export async function queueBookingsEmailsInTx(
  tx: Tx,
  confirmed: readonly { booking: ConfirmedBooking; slot: { productName: string; timeZone: string } }[],
  options: EmailOptions,
) {
  await queueEmails(
    tx,
    confirmed.flatMap(({ booking, slot }) =>
      bookingEmails(booking, slot, options).map((email) => ({ ...email, bookingId: booking.id })),
    ),
  );
}

/** The reminder before a confirmed booking's start, unless that moment has passed. */
export async function queueReminderInTx(
  tx: Tx,
  booking: ConfirmedBooking,
  slot: { productName: string; timeZone: string },
  options: EmailOptions,
) {
  const reminder = reminderOf(booking, slot, options);
  if (reminder) await queueEmail(tx, { ...reminder, bookingId: booking.id });
}

/** A reminder not yet sent is withdrawn when the booking is cancelled or moves. */
export function withdrawReminderInTx(tx: Tx, bookingId: number) {
  return tx.outboxEmail.deleteMany({ where: { bookingId, kind: "BOOKING_REMINDER", status: "QUEUED" } });
}
