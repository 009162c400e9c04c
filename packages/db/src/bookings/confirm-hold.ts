import { confirmRefusal, ValidationError, type WaiverAnswer, type WaiverStatusName } from "@slotwise/core";

import type { Tx } from "../tx.ts";
import { queueBookingEmailsInTx } from "./booking-emails.ts";
import type { CustomerDetails } from "./booking-types.ts";
import { lockBookingInTx } from "./lock-booking.ts";

export interface CheckedAnswers {
  answers: readonly WaiverAnswer[];
  waiverStatus: WaiverStatusName;
}

/** The columns that replace a booking's answers, with the waiver status they give. */
export function answersData(answers: CheckedAnswers) {
  return {
    answers: answers.answers.map((a) => ({ QuestionID: a.QuestionID, Value: a.Value ?? null })),
    waiverStatus: answers.waiverStatus === "complete" ? ("COMPLETE" as const) : ("PENDING" as const),
  };
}

export interface HoldConfirmation {
  /** Replaces the hold's customer, if it had one. */
  customer?: CustomerDetails | undefined;
  paymentReference?: string | undefined;
  /** Replace the hold's answers, with the waiver status they give. */
  answers?: CheckedAnswers | undefined;
  slot: { productName: string; timeZone: string };
  /** The activity's booking cut-off, for a partner's confirmation; absent, only the start is checked. */
  cutoffMinutes?: number | undefined;
  actor: string;
  now: Date;
  reminderHoursBefore?: number | undefined;
}

/**
 * Confirms a live hold, in the caller's transaction: its places are already taken, so this records the customer and what
 * else came with the confirmation, and queues the confirmation e-mail. A confirmed booking is
 * returned as it is; an expired or cancelled one is refused (409) whatever the sweep has done.
 */
export async function confirmHoldInTx(tx: Tx, bookingId: number, confirmation: HoldConfirmation) {
  const { now } = confirmation;
  const locked = await lockBookingInTx(tx, bookingId);
  const refusal = confirmRefusal(locked, now, confirmation.cutoffMinutes);
  if (refusal) throw refusal;
  if (locked.status === "CONFIRMED") return tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
  const { customer, answers } = confirmation;
  if (!customer && !locked.hasCustomer)
    throw new ValidationError([{ field: "Customer", message: "Customer is required: this hold has none yet" }]);
  const booking = await tx.booking.update({
    where: { id: bookingId },
    data: {
      status: "CONFIRMED",
      updatedAt: now,
      ...(customer
        ? {
            customerFirstName: customer.firstName,
            customerLastName: customer.lastName,
            customerEmail: customer.email,
            customerPhone: customer.phone,
          }
        : {}),
      ...(confirmation.paymentReference === undefined ? {} : { paymentReference: confirmation.paymentReference }),
      ...(answers ? answersData(answers) : {}),
      events: { create: { type: "confirmed", actor: confirmation.actor, at: now } },
    },
  });
  await queueBookingEmailsInTx(tx, booking, confirmation.slot, {
    now,
    reminderHoursBefore: confirmation.reminderHoursBefore,
  });
  return booking;
}
