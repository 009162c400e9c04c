import { confirmRefusal, ValidationError, type WaiverAnswer, type WaiverStatusName } from "@slotwise/core";

import type { Tx } from "../tx.ts";
import { queueBookingsEmailsInTx } from "./booking-emails.ts";
import type { CustomerDetails } from "./booking-types.ts";
import { lockBookingsInTx } from "./lock-booking.ts";

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

/** The columns that replace a booking's customer. */
export function customerData(customer: CustomerDetails) {
  return {
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    customerEmail: customer.email,
    customerPhone: customer.phone,
  };
}

/** What a confirmation brings, the same for every hold it confirms. */
export interface HoldsConfirmation {
  /** Replaces each hold's customer, if it had one. */
  customer?: CustomerDetails | undefined;
  paymentReference?: string | undefined;
  /** Replace each hold's answers, with the waiver status they give. */
  answers?: CheckedAnswers | undefined;
  actor: string;
  now: Date;
  reminderHoursBefore?: number | undefined;
}

/** One hold to confirm, with what its checks and e-mails need of its activity. */
export interface HoldToConfirm {
  bookingId: number;
  slot: { productName: string; timeZone: string };
  /** The activity's booking cut-off, for a partner's confirmation; absent, only the start is checked. */
  cutoffMinutes?: number | undefined;
}

export interface HoldConfirmation extends HoldsConfirmation, Omit<HoldToConfirm, "bookingId"> {}

/**
 * Confirms a live hold, in the caller's transaction: its places are already taken, so this records the customer and what
 * else came with the confirmation, and queues the confirmation e-mail. A confirmed booking is
 * returned as it is; an expired or cancelled one is refused (409) whatever the sweep has done.
 */
export async function confirmHoldInTx(tx: Tx, bookingId: number, confirmation: HoldConfirmation) {
  const { slot, cutoffMinutes, ...shared } = confirmation;
  const [booking] = await confirmHoldsInTx(tx, [{ bookingId, slot, cutoffMinutes }], shared);
  if (!booking) throw new Error(`Booking ${bookingId} was not confirmed`);
  return booking;
}

/**
 * Confirms every one of these holds or none, in the caller's transaction, as confirmHoldInTx
 * does one, with a statement per step rather than per hold: the rows are locked in id order
 * (as every writer locks bookings, so two confirmations queue instead of deadlocking), every
 * hold is checked before anything is written (the first refusal, in id order, is thrown), then
 * all are updated, their events recorded and their e-mails queued at once. Answers the
 * bookings in the order of `holds`.
 */
export async function confirmHoldsInTx(tx: Tx, holds: readonly HoldToConfirm[], confirmation: HoldsConfirmation) {
  const { now, customer, answers } = confirmation;
  const locked = await lockBookingsInTx(
    tx,
    holds.map((h) => h.bookingId),
  );
  const byId = new Map(holds.map((h) => [h.bookingId, h]));
  for (const row of locked) {
    const refusal = confirmRefusal(row, now, byId.get(row.id)?.cutoffMinutes);
    if (refusal) throw refusal;
  }
  const live = locked.filter((row) => row.status !== "CONFIRMED");
  if (!customer && live.some((row) => !row.hasCustomer))
    throw new ValidationError([{ field: "Customer", message: "Customer is required: this hold has none yet" }]);
  const updated = live.length
    ? await tx.booking.updateManyAndReturn({
        where: { id: { in: live.map((row) => row.id) } },
        data: {
          status: "CONFIRMED",
          updatedAt: now,
          ...(customer ? customerData(customer) : {}),
          ...(confirmation.paymentReference === undefined ? {} : { paymentReference: confirmation.paymentReference }),
          ...(answers ? answersData(answers) : {}),
        },
      })
    : [];
  const kept =
    live.length < locked.length
      ? await tx.booking.findMany({
          where: { id: { in: locked.filter((row) => row.status === "CONFIRMED").map((row) => row.id) } },
        })
      : [];
  if (updated.length) {
    await tx.bookingEvent.createMany({
      data: updated.map((b) => ({ bookingId: b.id, type: "confirmed", actor: confirmation.actor, at: now })),
    });
    await queueBookingsEmailsInTx(
      tx,
      holds.flatMap((hold) => {
        const booking = updated.find((b) => b.id === hold.bookingId);
        return booking ? [{ booking, slot: hold.slot }] : [];
      }),
      { now, reminderHoursBefore: confirmation.reminderHoursBefore },
    );
  }
  const bookings = new Map([...updated, ...kept].map((b) => [b.id, b]));
  return holds.map((hold) => {
    const booking = bookings.get(hold.bookingId);
    if (!booking) throw new Error(`Booking ${hold.bookingId} was not confirmed`);
    return booking;
  });
}
