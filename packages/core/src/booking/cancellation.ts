import { ConflictError } from "../errors/domain-errors.ts";

/** Places of a started timeslot are spent: a booking can be cancelled only before its start. */
export function assertCancellable(startsAt: Date, now: Date): void {
  if (startsAt <= now)
    throw new ConflictError(
      "timeslot-unavailable",
      "This booking's timeslot has already started; it can no longer be cancelled",
    );
}

export function isCancellable(booking: { status: string; startsAt: Date }, now: Date): boolean {
  return booking.status === "CONFIRMED" && booking.startsAt > now;
}
