import { newBookingReference } from "@slotwise/core";

import { queueEmail } from "../email/queue-email.ts";
import { confirmationEmail, reminderEmail } from "../email/templates.ts";
import type { Tx } from "../tx.ts";
import type { NewBooking } from "./booking-types.ts";
import { takePlacesInTx } from "./take-places.ts";

/**
 * Sells places and records the booking, its history and its confirmation e-mail, all in the
 * caller's transaction: either everything happens or nothing does.
 */
export async function createBookingInTx(tx: Tx, input: NewBooking) {
  const { product, now, priced } = input;
  const startsAt = await takePlacesInTx(tx, input.timeslotId, priced.participants, product.bookingCutoffMinutes, now);
  const booking = await tx.booking.create({
    data: {
      reference: newBookingReference(input.random),
      operatorId: product.operatorId,
      productId: product.id,
      timeslotId: input.timeslotId,
      startsAt,
      source: input.source,
      partnerId: input.partnerId ?? null,
      apiKeyId: input.apiKeyId ?? null,
      orderId: input.orderId ?? null,
      paymentReference: input.paymentReference ?? null,
      participants: priced.participants,
      units: priced.units.map((unit) => ({ ...unit })),
      totalAmount: priced.totalAmount,
      currency: product.currency,
      customerFirstName: input.customer.firstName,
      customerLastName: input.customer.lastName,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      waiverStatus: input.waiverStatus === "complete" ? "COMPLETE" : "PENDING",
      answers: input.answers.map((a) => ({ QuestionID: a.QuestionID, Value: a.Value ?? null })),
      createdAt: now,
      updatedAt: now,
      events: {
        create: {
          type: "created",
          actor: input.actor,
          at: now,
          detail: { participants: priced.participants, source: input.source },
        },
      },
    },
  });
  const slot = { productName: product.name, timeZone: product.timeZone, startsAt };
  const toCustomer = (
    kind: "BOOKING_CONFIRMATION" | "BOOKING_REMINDER",
    content: { subject: string; text: string },
    sendAfter: Date,
  ) =>
    queueEmail(tx, {
      operatorId: product.operatorId,
      kind,
      dedupeKey: `${kind === "BOOKING_CONFIRMATION" ? "confirmation" : "reminder"}:${booking.reference}`,
      to: booking.customerEmail,
      ...content,
      bookingId: booking.id,
      sendAfter,
      createdAt: now,
    });
  await toCustomer(
    "BOOKING_CONFIRMATION",
    confirmationEmail(booking.reference, booking.customerFirstName, booking.participants, slot),
    now,
  );
  if (input.reminderHoursBefore !== undefined) {
    const remindAt = new Date(startsAt.getTime() - input.reminderHoursBefore * 3_600_000);
    if (remindAt > now)
      await toCustomer("BOOKING_REMINDER", reminderEmail(booking.reference, booking.customerFirstName, slot), remindAt);
  }
  return booking;
}
