import { instantToLocal, toOffsetIso } from "../time/local-time.ts";
import { freePlaces, isBookable, salesCloseAt, unbookableReason, type SlotState } from "./bookable.ts";

export interface ProductTiming {
  timeZone: string;
  durationMinutes: number;
  bookingCutoffMinutes: number;
}

export interface AvailableDate {
  Date: string;
  Available: number;
  Timeslots: number;
}

export interface AvailableTimeslot {
  Time: string;
  StartsAt: string;
  EndsAt: string;
  Capacity: number;
  Available: number;
}

/**
 * The dates of `[startDate, endDate]` (local to the product) with at least one bookable
 * timeslot, ascending, with the free places and the number of such timeslots of each.
 */
export function availableDates(
  slots: readonly SlotState[],
  product: ProductTiming,
  startDate: string,
  endDate: string,
  now: Date,
): AvailableDate[] {
  const byDate = new Map<string, AvailableDate>();
  for (const slot of slots) {
    if (!isBookable(slot, product.bookingCutoffMinutes, now)) continue;
    const { date } = instantToLocal(slot.startsAt, product.timeZone);
    if (date < startDate || date > endDate) continue;
    const day = byDate.get(date) ?? { Date: date, Available: 0, Timeslots: 0 };
    day.Available += freePlaces(slot);
    day.Timeslots += 1;
    byDate.set(date, day);
  }
  return [...byDate.values()].sort((a, b) => a.Date.localeCompare(b.Date));
}

/** The bookable timeslots of one local `date`, ascending by start. */
export function availableTimeslots(
  slots: readonly SlotState[],
  product: ProductTiming,
  date: string,
  now: Date,
): AvailableTimeslot[] {
  return slots
    .filter((slot) => isBookable(slot, product.bookingCutoffMinutes, now))
    .filter((slot) => instantToLocal(slot.startsAt, product.timeZone).date === date)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((slot) => describeTimeslot(slot, product));
}

export function describeTimeslot(slot: SlotState, product: ProductTiming): AvailableTimeslot {
  const endsAt = new Date(slot.startsAt.getTime() + product.durationMinutes * 60_000);
  return {
    Time: instantToLocal(slot.startsAt, product.timeZone).time,
    StartsAt: toOffsetIso(slot.startsAt, product.timeZone),
    EndsAt: toOffsetIso(endsAt, product.timeZone),
    Capacity: slot.capacity,
    Available: freePlaces(slot),
  };
}

/**
 * When the clock alone next changes what `availableDates` or `availableTimeslots` answer for
 * these slots: the moment the first one bookable now stops selling. Null when none is
 * bookable (then only a change to the slots themselves can change the answer).
 */
export function nextSalesClose(
  slots: readonly SlotState[],
  product: ProductTiming,
  now: Date,
  /** Full timeslots too: the calendar counts them (a day SOLD_OUT until they close). */
  includeFull = false,
): Date | null {
  let first: number | null = null;
  for (const slot of slots) {
    const reason = unbookableReason(slot, product.bookingCutoffMinutes, now);
    if (reason !== null && !(includeFull && reason === "full")) continue;
    const closes = salesCloseAt(slot, product.bookingCutoffMinutes).getTime();
    if (first === null || closes < first) first = closes;
  }
  return first === null ? null : new Date(first);
}
