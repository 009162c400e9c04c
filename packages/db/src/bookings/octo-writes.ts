import type { PricedBooking } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Booking } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";
import type { NewBooking } from "./booking-types.ts";
import { changeBookingInTx } from "./change-booking.ts";
import { confirmHoldInTx, type HoldConfirmation } from "./confirm-hold.ts";
import { checkHoldBudgetInTx, type HoldHolder } from "./hold-budget.ts";
import { lockBookingInTx, type LockedBooking } from "./lock-booking.ts";
import { extendHoldInTx, updateOctoDetailsInTx, type OctoDetails } from "./octo-bookings.ts";
import { sellBooking } from "./sell-booking.ts";

/**
 * Who writes and when, for every OCTO write: the clock is read once the transaction has begun,
 * so a write that waited for a connection is dated when it happens.
 */
export interface OctoWriter {
  actor: string;
  clock: () => Date;
  reminderHoursBefore?: number | undefined;
}

/** Section 12's change of places: another timeslot or product, or other units. */
export interface OctoPlacesChange {
  /** What the booking buys from now on, given it as locked; undefined keeps what it bought. */
  priceFor(current: LockedBooking): PricedBooking | undefined;
  /** Where it goes: its own timeslot when absent. */
  timeslotId?: number | undefined;
  productId?: number | undefined;
  cutoffMinutes: number;
  slot: { productName: string; timeZone: string };
}

/**
 * OCTO's reservation: a hold counted against the partner's budget and sold in one transaction.
 * The writer decides who sells it, when, and its reminder; `sale` gives the rest, and reads the
 * time only for what depends on it (the hold's deadline).
 */
export function reserveOctoHold(
  db: Database,
  holder: HoldHolder,
  writer: OctoWriter,
  sale: (now: Date) => Omit<NewBooking, "actor" | "now" | "reminderHoursBefore">,
): Promise<Booking> {
  return db.$transaction(async (tx) => {
    const now = writer.clock();
    const booking = { ...sale(now), actor: writer.actor, now, reminderHoursBefore: writer.reminderHoursBefore };
    await checkHoldBudgetInTx(tx, holder, booking.priced.participants, now);
    return sellBooking(tx, booking);
  });
}

/** Confirms a hold with what the reseller sent, changing its places first when asked. */
export function confirmOctoHold(
  db: Database,
  bookingId: number,
  writer: OctoWriter,
  confirmation: {
    places?: OctoPlacesChange | undefined;
    details: OctoDetails;
    hold: Omit<HoldConfirmation, "actor" | "now" | "reminderHoursBefore">;
  },
) {
  return db.$transaction(async (tx) => {
    const now = writer.clock();
    if (confirmation.places) await changeOctoPlacesInTx(tx, bookingId, confirmation.places, writer, now);
    await updateOctoDetailsInTx(tx, bookingId, confirmation.details, writer.actor, now);
    return confirmHoldInTx(tx, bookingId, {
      ...confirmation.hold,
      actor: writer.actor,
      now,
      reminderHoursBefore: writer.reminderHoursBefore,
    });
  });
}

/**
 * OCTO's update, all or nothing: the places change (a hold that grows and stays a hold is
 * counted against `holder`'s budget as a new hold would be), the hold's new deadline when
 * `extendTo` gives one, then the details.
 */
export function updateOctoBooking(
  db: Database,
  bookingId: number,
  writer: OctoWriter,
  update: {
    holder: HoldHolder;
    places?: OctoPlacesChange | undefined;
    extendTo?: ((now: Date) => Date | undefined) | undefined;
    details: OctoDetails;
  },
) {
  return db.$transaction(async (tx) => {
    const now = writer.clock();
    if (update.places) await changeOctoPlacesInTx(tx, bookingId, update.places, writer, now, update.holder);
    const deadline = update.extendTo?.(now);
    if (deadline) await extendHoldInTx(tx, bookingId, deadline, writer.actor, now);
    return updateOctoDetailsInTx(tx, bookingId, update.details, writer.actor, now);
  });
}

/** OCTO's extend: the hold's new deadline, from the time the transaction runs. */
export function extendOctoHold(db: Database, bookingId: number, writer: OctoWriter, deadline: (now: Date) => Date) {
  return db.$transaction((tx) => {
    const now = writer.clock();
    return extendHoldInTx(tx, bookingId, deadline(now), writer.actor, now);
  });
}

/** Records what the reseller sent outside a change of the booking (a cancellation's reason). */
export function noteOctoDetails(db: Database, bookingId: number, writer: OctoWriter, details: OctoDetails) {
  return db.$transaction((tx) => updateOctoDetailsInTx(tx, bookingId, details, writer.actor, writer.clock()));
}

async function changeOctoPlacesInTx(
  tx: Tx,
  bookingId: number,
  places: OctoPlacesChange,
  writer: OctoWriter,
  now: Date,
  growingHold?: HoldHolder,
) {
  const current = await lockBookingInTx(tx, bookingId);
  const priced = places.priceFor(current);
  if (growingHold && priced && current.status === "ON_HOLD")
    await checkHoldBudgetInTx(tx, growingHold, priced.participants - current.participants, now);
  return changeBookingInTx(tx, bookingId, {
    timeslotId: places.timeslotId ?? current.timeslotId,
    productId: places.productId,
    priced,
    cutoffMinutes: places.cutoffMinutes,
    slot: places.slot,
    actor: writer.actor,
    now,
    reminderHoursBefore: writer.reminderHoursBefore,
  });
}
