import {
  assertCancellable,
  ConflictError,
  effectiveStatus,
  holdsPlaces,
  quoteCancellation,
  storedCancellationPolicy,
  type BookingStatusName,
  type CancellationPolicy,
  type CancellationQuote,
} from "@slotwise/core";
import { applyBookingCancellations, type Booking, type Database } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

/** What a quote reads of a booking: a Booking row, or the row as a cancel's transaction locked it. */
type QuotedBooking = Pick<Booking, "expiresAt" | "startsAt" | "totalAmount" | "currency"> & {
  status: BookingStatusName;
  cancellationPolicy: unknown;
  /** Persons of the booking checked in (contract section 20). */
  checkedIn: number;
};

/** What a cancel reads of a booking before locking it: the persons checked in are read under the lock. */
type CancellableBooking = Omit<QuotedBooking, "checkedIn"> & Pick<Booking, "id" | "productId">;

/** Who cancels: a partner is held to the booking's policy, the operator never is. */
export type Canceller = "partner" | "operator";

const storedPolicy = storedCancellationPolicy.nullable();

/** The policy the booking was made under (contract section 17). */
export function bookingPolicy(booking: { cancellationPolicy: unknown }): CancellationPolicy {
  return storedPolicy.parse(booking.cancellationPolicy ?? null);
}

/**
 * What a partner cancelling at `now` would get: a live hold or confirmed booking is quoted by
 * its own policy; a cancelled or expired one has nothing left to cancel. Once a guest has
 * checked in the booking is being used: a partner can no longer cancel it (REST, orders and
 * OCTO alike), and the quote keeps the refund the policy gives, which a desk cancel stores.
 */
export function cancellationQuote(booking: QuotedBooking, now: Date): CancellationQuote {
  const total = { amount: booking.totalAmount, currency: booking.currency };
  if (!holdsPlaces(effectiveStatus(booking, now))) return quoteCancellation([], booking.startsAt, now, total);
  const quote = quoteCancellation(bookingPolicy(booking), booking.startsAt, now, total);
  return booking.checkedIn > 0 ? { ...quote, Cancellable: false } : quote;
}

/**
 * What a cancel now would do, as a dry run answers it: the quote, but a hold is released
 * whatever its policy and refunds nothing (it was never paid: cancelBookingInTx stores no
 * refund for it), as long as its timeslot has not started.
 */
export function cancelNowQuote(booking: QuotedBooking, now: Date): CancellationQuote {
  const quote = cancellationQuote(booking, now);
  if (effectiveStatus(booking, now) !== "ON_HOLD") return quote;
  return {
    Cancellable: now < booking.startsAt,
    RefundPercent: 0,
    Refund: { Amount: 0, Currency: booking.currency },
    Until: null,
  };
}

/**
 * Refuses, before anything is written, a cancel `who` may not make now: after the start nobody
 * cancels (409 timeslot-unavailable); a partner cancelling a confirmed booking also needs the
 * policy to allow it (409 not-cancellable). A hold is released whatever the policy (contract
 * section 10): nothing was sold, and its places go back at once. Answers the quote, whose
 * refund a cancel stores. Null when the booking holds no places (cancelled or expired):
 * cancelling it changes nothing.
 */
export function cancellationCheck(booking: QuotedBooking, who: Canceller, now: Date): CancellationQuote | null {
  const status = effectiveStatus(booking, now);
  if (!holdsPlaces(status)) return null;
  assertCancellable(booking.startsAt, now);
  const quote = cancellationQuote(booking, now);
  if (who === "partner" && status === "CONFIRMED" && !quote.Cancellable)
    throw new ConflictError(
      "not-cancellable",
      booking.checkedIn > 0
        ? "A guest of this booking has checked in: it cannot be cancelled now; the operator can still cancel it"
        : "This booking's cancellation policy does not let it be cancelled now; the operator can still cancel it",
    );
  return quote;
}

/**
 * The one cancellation path of partners (REST, orders, OCTO) and the desk: checked as
 * `cancellationCheck` says on the booking as the cancel's transaction locked it (a change,
 * cancel or check-in committed since `booking` was read is what counts), then cancelled with the quoted
 * refund stored on the booking, its places given back and the waitlist told. A booking that
 * holds no places is left as it is (null), so cancelling twice changes nothing.
 */
export async function cancelBooking(
  ctx: { db: Database; cache: CacheReads; now: () => Date },
  booking: CancellableBooking,
  actor: string,
  who: Canceller,
) {
  const [cancelled] = await cancelBookings(ctx, [booking], actor, who);
  return cancelled ?? null;
}

/**
 * Cancels these bookings as cancelBooking does one, all or none in one transaction: one
 * refused as locked leaves every one as it was. Answers those it cancelled, in id order.
 */
export async function cancelBookings(
  ctx: { db: Database; cache: CacheReads; now: () => Date },
  bookings: readonly CancellableBooking[],
  actor: string,
  who: Canceller,
) {
  const now = ctx.now();
  const live = bookings.filter((booking) => holdsPlaces(effectiveStatus(booking, now)));
  if (live.length === 0) return [];
  const quoted = new Set<number>();
  const cancelled = await applyBookingCancellations(
    ctx.db,
    live.map((booking) => booking.id),
    actor,
    now,
    (locked) => {
      const quote = cancellationCheck(locked, who, now);
      if (quote) quoted.add(locked.id);
      return quote?.Refund.Amount ?? null;
    },
  );
  // Those that, as locked, held no places any more were left as they were.
  const done = cancelled.filter((booking) => quoted.has(booking.id));
  const read = new Map(live.map((booking) => [booking.id, booking]));
  for (const booking of done) {
    // A change committed meanwhile may have moved the booking to another activity's timeslot.
    ctx.cache.changed(cacheTags.timeslots(booking.productId));
    const before = read.get(booking.id)?.productId;
    if (before !== undefined && before !== booking.productId) ctx.cache.changed(cacheTags.timeslots(before));
  }
  return done;
}
