import { instantToLocal } from "../time/local-time.ts";
import { addDays } from "../time/plain-dates.ts";
import type { ProductTiming } from "./availability.ts";
import { freePlaces, unbookableReason, type SlotState } from "./bookable.ts";

export type CalendarStatus = "AVAILABLE" | "LIMITED" | "SOLD_OUT" | "CLOSED";

export interface CalendarDay {
  Date: string;
  Status: CalendarStatus;
  Vacancies: number;
  Capacity: number;
}

/**
 * What a day offers, from its bookable timeslots only (contract section 18): none is `CLOSED`;
 * no free place `SOLD_OUT`; free places below half their capacity `LIMITED`.
 */
export function calendarStatus(vacancies: number, capacity: number, timeslots: number): CalendarStatus {
  if (timeslots === 0) return "CLOSED";
  if (vacancies === 0) return "SOLD_OUT";
  return vacancies * 2 < capacity ? "LIMITED" : "AVAILABLE";
}

/**
 * One item per local date of `[startDate, endDate]`, ascending, from the product's timeslots of
 * those dates that are open and not past their cut-off (full ones included).
 */
export function calendarDays(
  slots: readonly SlotState[],
  product: ProductTiming,
  startDate: string,
  endDate: string,
  now: Date,
): CalendarDay[] {
  const byDate = new Map<string, { vacancies: number; capacity: number; timeslots: number }>();
  for (const slot of slots) {
    // A full timeslot still counts: it is what makes a day SOLD_OUT rather than CLOSED.
    const reason = unbookableReason(slot, product.bookingCutoffMinutes, now);
    if (reason !== null && reason !== "full") continue;
    const { date } = instantToLocal(slot.startsAt, product.timeZone);
    const day = byDate.get(date) ?? { vacancies: 0, capacity: 0, timeslots: 0 };
    day.vacancies += freePlaces(slot);
    day.capacity += slot.capacity;
    day.timeslots += 1;
    byDate.set(date, day);
  }
  const days: CalendarDay[] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const day = byDate.get(date) ?? { vacancies: 0, capacity: 0, timeslots: 0 };
    days.push({
      Date: date,
      Status: calendarStatus(day.vacancies, day.capacity, day.timeslots),
      Vacancies: day.vacancies,
      Capacity: day.capacity,
    });
  }
  return days;
}
