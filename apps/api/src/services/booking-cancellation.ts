import {
  assertCancellable,
  cancellationPolicyField,
  ConflictError,
  effectiveStatus,
  holdsPlaces,
  quoteCancellation,
  type CancellationPolicy,
  type CancellationQuote,
} from "@slotwise/core";
import { applyBookingCancellation, type Booking, type Database } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

type CancellableBooking = Pick<
  Booking,
  "id" | "status" | "expiresAt" | "startsAt" | "productId" | "totalAmount" | "currency" | "cancellationPolicy"
>;

/** Who cancels: a partner is held to the booking's policy, the operator never is. */
export type Canceller = "partner" | "operator";

const storedPolicy = cancellationPolicyField.nullable();

/** The policy the booking was made under (contract section 17). */
export function bookingPolicy(booking: Pick<Booking, "cancellationPolicy">): CancellationPolicy {
  return storedPolicy.parse(booking.cancellationPolicy ?? null);
}

/**
 * What a partner cancelling at `now` would get: a live hold or confirmed booking is quoted by
 * its own policy; a cancelled or expired one has nothing left to cancel.
 */
export function cancellationQuote(booking: CancellableBooking, now: Date): CancellationQuote {
  const total = { amount: booking.totalAmount, currency: booking.currency };
  if (!holdsPlaces(effectiveStatus(booking, now))) return quoteCancellation([], booking.startsAt, now, total);
  return quoteCancellation(bookingPolicy(booking), booking.startsAt, now, total);
}

/**
 * Refuses, before anything is written, a cancel `who` may not make now: after the start nobody
 * cancels (409 timeslot-unavailable); a partner also needs the policy to allow it (409
 * not-cancellable). Answers the quote, whose refund a cancel stores. Null when the booking
 * holds no places (cancelled or expired): cancelling it changes nothing.
 */
export function cancellationCheck(booking: CancellableBooking, who: Canceller, now: Date): CancellationQuote | null {
  if (!holdsPlaces(effectiveStatus(booking, now))) return null;
  assertCancellable(booking.startsAt, now);
  const quote = cancellationQuote(booking, now);
  if (who === "partner" && !quote.Cancellable)
    throw new ConflictError(
      "not-cancellable",
      "This booking's cancellation policy does not let it be cancelled now; the operator can still cancel it",
    );
  return quote;
}

/**
 * The one cancellation path of partners (REST, orders, OCTO) and the desk: checked as
 * `cancellationCheck` says, then cancelled with the quoted refund stored on the booking, its
 * places given back and the waitlist told. A booking that holds no places is left as it is
 * (null), so cancelling twice changes nothing.
 */
export async function cancelBooking(
  ctx: { db: Database; cache: CacheReads; now: () => Date },
  booking: CancellableBooking,
  actor: string,
  who: Canceller,
) {
  const now = ctx.now();
  const quote = cancellationCheck(booking, who, now);
  if (!quote) return null;
  const cancelled = await applyBookingCancellation(ctx.db, booking.id, actor, now, quote.Refund.Amount);
  ctx.cache.changed(cacheTags.timeslots(booking.productId));
  return cancelled;
}
