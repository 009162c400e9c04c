import { holdEnd, newBookingReference } from "@slotwise/core";

import type { Tx } from "../tx.ts";
import { queueBookingEmailsInTx } from "./booking-emails.ts";
import type { NewBooking } from "./booking-types.ts";
import { takePlacesInTx } from "./take-places.ts";

/**
 * Sells places and records the booking, its history and its confirmation e-mail, all in the
 * caller's transaction: either everything happens or nothing does. A hold (`holdUntil`) takes
 * the places the same way but sends nothing until it is confirmed.
 */
export async function createBookingInTx(tx: Tx, input: NewBooking) {
  const { product, now, priced, customer, holdUntil } = input;
  const startsAt = await takePlacesInTx(tx, input.timeslotId, priced.participants, product.bookingCutoffMinutes, now);
  const expiresAt = holdUntil && holdEnd(holdUntil, startsAt);
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
      customerFirstName: customer?.firstName ?? null,
      customerLastName: customer?.lastName ?? null,
      customerEmail: customer?.email ?? null,
      customerPhone: customer?.phone ?? null,
      status: holdUntil ? "ON_HOLD" : "CONFIRMED",
      expiresAt: expiresAt ?? null,
      waiverStatus: input.waiverStatus === "complete" ? "COMPLETE" : "PENDING",
      answers: input.answers.map((a) => ({ QuestionID: a.QuestionID, Value: a.Value ?? null })),
      createdAt: now,
      updatedAt: now,
      events: {
        create: {
          type: holdUntil ? "held" : "created",
          actor: input.actor,
          at: now,
          detail: {
            participants: priced.participants,
            source: input.source,
            ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
          },
        },
      },
    },
  });
  if (!holdUntil)
    await queueBookingEmailsInTx(
      tx,
      booking,
      { productName: product.name, timeZone: product.timeZone },
      { now, reminderHoursBefore: input.reminderHoursBefore },
    );
  return booking;
}
