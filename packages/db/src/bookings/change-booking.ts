import { changeRefusal, ConflictError, holdEnd, type PricedBooking } from "@slotwise/core";

import { checkedInPersons } from "../tickets/checked-in-persons.ts";
import type { Tx } from "../tx.ts";
import { notifyWaitlistInTx } from "../waitlist/notify-waitlist.ts";
import { queueReminderInTx, withdrawReminderInTx } from "./booking-emails.ts";
import { lockBookingInTx } from "./lock-booking.ts";
import { takePlacesInTx } from "./take-places.ts";

export interface BookingChange {
  /** Where the booking goes: its own timeslot when only its places change. */
  timeslotId: number;
  /** The timeslot's product, when it is another product's (an OCTO update may move a booking there). */
  productId?: number | undefined;
  /** What it buys from now on, priced at today's prices; absent, it keeps what it bought. */
  priced?: PricedBooking | undefined;
  cutoffMinutes: number;
  slot: { productName: string; timeZone: string };
  actor: string;
  now: Date;
  reminderHoursBefore?: number | undefined;
}

function releasePlacesInTx(tx: Tx, timeslotId: number, places: number, now: Date) {
  return tx.$executeRaw`
    UPDATE timeslots SET places_taken = places_taken - ${places}, updated_at = ${now} WHERE id = ${timeslotId}`;
}

/**
 * Moves a booking or hold to another timeslot, or changes its places, in the caller's
 * transaction (contract section 12): the places are freed on the old timeslot and taken on
 * the new one by the same conditional UPDATE a booking uses, so a change never oversells, and
 * if the new timeslot lacks them nothing moves. Timeslots are locked in id order, as the expiry sweep
 * locks them, so crossing changes never deadlock. Freed places go to the waitlist.
 */
export async function changeBookingInTx(tx: Tx, bookingId: number, change: BookingChange) {
  const { now } = change;
  const before = await lockBookingInTx(tx, bookingId);
  const refusal = changeRefusal(before, now);
  if (refusal) throw refusal;
  // Asking for what the booking already is changes nothing: a retried change is harmless.
  if (change.timeslotId === before.timeslotId && !change.priced)
    return tx.booking.findUniqueOrThrow({ where: { id: bookingId } });
  // A guest who has checked in has taken the place they booked: it no longer moves or shrinks.
  if ((await checkedInPersons(tx, bookingId)) > 0)
    throw new ConflictError(
      "booking-not-changeable",
      "A guest of this booking has checked in; it can no longer be changed",
    );
  const participants = change.priced?.participants ?? before.participants;
  const take = (places: number) => takePlacesInTx(tx, change.timeslotId, places, change.cutoffMinutes, now);
  let startsAt = before.startsAt;
  let freesPlaces: boolean;
  if (change.timeslotId === before.timeslotId) {
    const more = participants - before.participants;
    if (more > 0) await take(more);
    else if (more < 0) await releasePlacesInTx(tx, before.timeslotId, -more, now);
    freesPlaces = more < 0;
  } else {
    if (change.timeslotId < before.timeslotId) startsAt = await take(participants);
    await releasePlacesInTx(tx, before.timeslotId, before.participants, now);
    if (change.timeslotId > before.timeslotId) startsAt = await take(participants);
    freesPlaces = true;
  }
  const booking = await tx.booking.update({
    where: { id: bookingId },
    data: {
      timeslotId: change.timeslotId,
      ...(change.productId === undefined ? {} : { productId: change.productId }),
      startsAt,
      participants,
      // A hold moved to an earlier timeslot must still lapse by its start.
      ...(before.status === "ON_HOLD" && before.expiresAt ? { expiresAt: holdEnd(before.expiresAt, startsAt) } : {}),
      ...(change.priced
        ? { units: change.priced.units.map((unit) => ({ ...unit })), totalAmount: change.priced.totalAmount }
        : {}),
      updatedAt: now,
      events: {
        create: {
          type: "changed",
          actor: change.actor,
          at: now,
          detail: {
            from: { startsAt: before.startsAt.toISOString(), participants: before.participants },
            to: { startsAt: startsAt.toISOString(), participants },
          },
        },
      },
    },
  });
  if (booking.status === "CONFIRMED" && startsAt.getTime() !== before.startsAt.getTime()) {
    await withdrawReminderInTx(tx, bookingId);
    await queueReminderInTx(tx, booking, change.slot, { now, reminderHoursBefore: change.reminderHoursBefore });
  }
  if (freesPlaces) await notifyWaitlistInTx(tx, before.timeslotId, now);
  return booking;
}
