import { ConflictError } from "../errors/domain-errors.ts";

/** What the capacity rules need to know of a timeslot. */
export interface SlotState {
  startsAt: Date;
  capacity: number;
  placesTaken: number;
  closed: boolean;
}

export type UnbookableReason = "started" | "cutoff" | "closed" | "full";

export function freePlaces(slot: SlotState): number {
  return Math.max(0, slot.capacity - slot.placesTaken);
}

/** When sales stop: `cutoffMinutes` before the start. */
export function salesCloseAt(slot: Pick<SlotState, "startsAt">, cutoffMinutes: number): Date {
  return new Date(slot.startsAt.getTime() - cutoffMinutes * 60_000);
}

/**
 * Why a timeslot cannot be sold right now, or null when it can: it has not started, is not
 * past the booking cut-off, is not closed, and has at least one free place.
 */
export function unbookableReason(slot: SlotState, cutoffMinutes: number, now: Date): UnbookableReason | null {
  if (slot.startsAt.getTime() <= now.getTime()) return "started";
  if (salesCloseAt(slot, cutoffMinutes).getTime() <= now.getTime()) return "cutoff";
  if (slot.closed) return "closed";
  if (freePlaces(slot) === 0) return "full";
  return null;
}

export function isBookable(slot: SlotState, cutoffMinutes: number, now: Date): boolean {
  return unbookableReason(slot, cutoffMinutes, now) === null;
}

export type TakePlacesOutcome =
  | { ok: true; placesTaken: number }
  | { ok: false; reason: "timeslot-unavailable"; detail: UnbookableReason }
  | { ok: false; reason: "insufficient-capacity"; available: number };

/**
 * The rule for selling `participants` places. The database applies the same rule in one
 * conditional UPDATE (`places_taken + n <= capacity AND NOT closed`), so concurrent sales
 * cannot both pass it; this function decides the answer given to the customer.
 */
export function takePlaces(slot: SlotState, participants: number, cutoffMinutes: number, now: Date): TakePlacesOutcome {
  const reason = unbookableReason(slot, cutoffMinutes, now);
  if (reason !== null && reason !== "full") return { ok: false, reason: "timeslot-unavailable", detail: reason };
  const available = freePlaces(slot);
  if (participants > available) return { ok: false, reason: "insufficient-capacity", available };
  return { ok: true, placesTaken: slot.placesTaken + participants };
}

/** The refusal a customer gets when `takePlaces` says no, or null when the sale may go ahead. */
export function placesRefusal(
  slot: SlotState,
  participants: number,
  cutoffMinutes: number,
  now: Date,
): ConflictError | null {
  const outcome = takePlaces(slot, participants, cutoffMinutes, now);
  if (outcome.ok) return null;
  if (outcome.reason === "insufficient-capacity") {
    return new ConflictError(
      "insufficient-capacity",
      `Only ${outcome.available} places are left in this timeslot; ${participants} were requested`,
      { available: outcome.available },
    );
  }
  const why = {
    started: "has already started",
    cutoff: "is past its booking cut-off",
    closed: "is closed",
    full: "is full",
  }[outcome.detail];
  return new ConflictError("timeslot-unavailable", `This timeslot ${why}`);
}

/** Places given back by a cancellation, never below zero. */
export function releasePlaces(slot: SlotState, participants: number): number {
  return Math.max(0, slot.placesTaken - participants);
}
