import { effectiveStatus, instantToLocal, isCancellable, pricedUnitsSchema } from "@slotwise/core";
import type { bookingDetail } from "@slotwise/db";

import { cancellationQuote } from "../services/booking-cancellation.ts";

type BookingDetailRow = NonNullable<Awaited<ReturnType<typeof bookingDetail>>>;

/** The booking as its console page shows it. */
export function presentBookingDetail(b: BookingDetailRow, now: Date) {
  const answers = Array.isArray(b.answers) ? (b.answers as { QuestionID?: unknown; Value?: unknown }[]) : [];
  const valueOf = new Map(answers.map((a) => [String(a.QuestionID), a.Value]));
  return {
    reference: b.reference,
    status: effectiveStatus(b, now),
    expiresAt: b.expiresAt?.toISOString() ?? null,
    source: b.source,
    partner: b.partner ? { slug: b.partner.slug, name: b.partner.name } : null,
    activity: {
      id: b.product.id,
      activityId: b.product.activityId,
      name: b.product.name,
      location: b.product.location,
      timeZone: b.product.timeZone,
    },
    timeslot: {
      id: b.timeslot.id,
      starts: instantToLocal(b.startsAt, b.product.timeZone),
      startsAt: b.startsAt.toISOString(),
      capacity: b.timeslot.capacity,
      placesTaken: b.timeslot.placesTaken,
    },
    participants: b.participants,
    units: pricedUnitsSchema.parse(b.units),
    total: { amount: b.totalAmount, currency: b.currency },
    customer:
      b.customerFirstName === null
        ? null
        : {
            firstName: b.customerFirstName,
            lastName: b.customerLastName,
            email: b.customerEmail,
            phone: b.customerPhone,
          },
    paymentReference: b.paymentReference,
    // An OCTO reseller's own reference for the booking (section 19), null for other bookings.
    resellerReference: b.resellerReference,
    order: b.order
      ? {
          id: b.order.id,
          channel: b.order.channel,
          paid: b.order.paid,
          totalAmount: b.order.totalAmount,
          currency: b.order.currency,
          paymentReference: b.order.paymentReference,
        }
      : null,
    waiverStatus: b.waiverStatus,
    waiver: b.product.questions.map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      required: q.required,
      value: valueOf.get(q.id) ?? null,
    })),
    history: b.events.map((e) => ({ type: e.type, actor: e.actor, at: e.at.toISOString() })),
    emails: b.emails.map((e) => ({
      ...e,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
    })),
    createdAt: b.createdAt.toISOString(),
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancellable: isCancellable(b, now),
    /** What a partner cancelling now would get; the desk cancels regardless and refunds this. */
    cancellation: cancellationQuote({ ...b, checkedIn: b._count.tickets }, now),
    refund: b.refundAmount === null ? null : { amount: b.refundAmount, currency: b.currency },
  };
}
