import { salesCloseAt } from "../capacity/bookable.ts";
import { ConflictError } from "../errors/domain-errors.ts";

/** A booking's status as stored: a hold is `ON_HOLD` until confirmed, cancelled or expired. */
export type BookingStatusName = "ON_HOLD" | "CONFIRMED" | "CANCELLED" | "EXPIRED";

export interface BookingState {
  status: BookingStatusName;
  /** A hold's deadline; kept after the hold ends, as its history. */
  expiresAt: Date | null;
  startsAt: Date;
}

/**
 * What a booking is at `now`: a hold past its deadline is expired from that instant, even
 * before the worker's sweep has given its places back, so no reader ever sees a live hold
 * that can no longer be confirmed.
 */
export function effectiveStatus(booking: Pick<BookingState, "status" | "expiresAt">, now: Date): BookingStatusName {
  if (booking.status === "ON_HOLD" && booking.expiresAt !== null && booking.expiresAt <= now) return "EXPIRED";
  return booking.status;
}

/**
 * The instant a hold made at `now` for `minutes` lapses, in whole seconds: partners read it as
 * Unix seconds, so the deadline they see is the deadline that is enforced.
 */
export function holdDeadline(now: Date, minutes: number): Date {
  return new Date(Math.floor((now.getTime() + minutes * 60_000) / 1000) * 1000);
}

/** When a hold with this deadline on a timeslot starting at `startsAt` lapses: never after the start, since places of a started timeslot are spent. */
export function holdEnd(deadline: Date, startsAt: Date): Date {
  return deadline < startsAt ? deadline : startsAt;
}

/** Holds and confirmed bookings take places; cancelled and expired ones gave theirs back. */
export function holdsPlaces(status: BookingStatusName): boolean {
  return status === "ON_HOLD" || status === "CONFIRMED";
}

/**
 * Why a booking cannot be confirmed now, or null when it can (a live hold whose timeslot has
 * not started) or need not be (already confirmed: confirming again changes nothing). With
 * `cutoffMinutes`, a hold is a sale not yet made: past the cut-off it is refused as a booking
 * of that timeslot would be, so holding first cannot sell later than booking directly.
 */
export function confirmRefusal(booking: BookingState, now: Date, cutoffMinutes?: number): ConflictError | null {
  switch (effectiveStatus(booking, now)) {
    case "CONFIRMED":
      return null;
    case "ON_HOLD":
      if (booking.startsAt <= now)
        return new ConflictError(
          "booking-not-changeable",
          "This hold's timeslot has started; it can no longer be confirmed",
        );
      if (cutoffMinutes !== undefined && salesCloseAt(booking, cutoffMinutes) <= now)
        return new ConflictError("timeslot-unavailable", "This timeslot is past its booking cut-off");
      return null;
    case "EXPIRED":
      return new ConflictError("hold-expired", "This hold expired before it was confirmed; its places are released");
    case "CANCELLED":
      return new ConflictError("booking-not-changeable", "This booking is cancelled; it can no longer be confirmed");
  }
}

/**
 * Why a booking cannot be changed now, or null: only a live hold or a confirmed booking whose
 * timeslot has not started can move or resize.
 */
export function changeRefusal(booking: BookingState, now: Date): ConflictError | null {
  const status = effectiveStatus(booking, now);
  if (!holdsPlaces(status))
    return new ConflictError(
      "booking-not-changeable",
      `This booking is ${status === "CANCELLED" ? "cancelled" : "expired"}; it can no longer be changed`,
    );
  if (booking.startsAt <= now)
    return new ConflictError(
      "booking-not-changeable",
      "This booking's timeslot has started; it can no longer be changed",
    );
  return null;
}

/** Places of a started timeslot are spent: a booking can be cancelled only before its start. */
export function assertCancellable(startsAt: Date, now: Date): void {
  if (startsAt <= now)
    throw new ConflictError(
      "timeslot-unavailable",
      "This booking's timeslot has already started; it can no longer be cancelled",
    );
}

/** Whether cancelling would give places back now: a live hold or a confirmed booking, before its start. */
export function isCancellable(booking: BookingState, now: Date): boolean {
  return holdsPlaces(effectiveStatus(booking, now)) && booking.startsAt > now;
}
