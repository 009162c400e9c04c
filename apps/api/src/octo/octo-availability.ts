import {
  AvailabilityStatus,
  CapabilityId,
  type Availability,
  type AvailabilityCalendar,
  type PricingUnit,
} from "@octocloud/types";

import {
  addDays,
  freePlaces,
  instantToLocal,
  isCalendarDate,
  salesCloseAt,
  startOfLocalDay,
  toOffsetIso,
  type SlotState,
} from "@slotwise/core";
import type { Db, ProductWithUnits } from "@slotwise/db";

import type { CacheReads } from "../cache/read-trail.ts";
import { cachedTimeslotsBetween } from "../services/find-timeslot.ts";
import { octoPricing, type OctoCapabilities } from "./octo-catalogue.ts";
import { badRequest } from "./octo-errors.ts";
import { octoUtc } from "./octo-time.ts";

/** Longest range one calendar or availability check answers (as the REST calendar, section 18). */
export const MAX_OCTO_DAYS = 366;

/** An availability's id: its local start with the zone's offset, so it names one timeslot without a lookup table. */
const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00(?:Z|[+-]\d{2}:\d{2})$/;

/** The local date and time an availability id names, or null when it is not one of ours. */
export function parseAvailabilityId(id: string): { date: string; time: string } | null {
  const match = AVAILABILITY_ID.exec(id);
  if (!match?.[1] || !match[2] || !isCalendarDate(match[1])) return null;
  return { date: match[1], time: match[2] };
}

/** The status OCTO gives a timeslot or a day: closed when nothing is bookable, limited below half. */
function statusOf(bookable: boolean, vacancies: number, capacity: number): AvailabilityStatus {
  if (!bookable) return AvailabilityStatus.CLOSED;
  if (vacancies === 0) return AvailabilityStatus.SOLD_OUT;
  if (vacancies * 2 < capacity) return AvailabilityStatus.LIMITED;
  return AvailabilityStatus.AVAILABLE;
}

function isOpen(status: AvailabilityStatus): boolean {
  return status === AvailabilityStatus.AVAILABLE || status === AvailabilityStatus.LIMITED;
}

/** Whether a timeslot still sells: not closed, not past its cut-off (full ones still count, as SOLD_OUT). */
function sells(slot: SlotState, product: ProductWithUnits, now: Date): boolean {
  return !slot.closed && salesCloseAt(slot, product.bookingCutoffMinutes).getTime() > now.getTime();
}

/** A local date range, both ends included, checked: real dates, in order, at most MAX_OCTO_DAYS. */
export function dateRange(start: unknown, end: unknown): { start: string; end: string } {
  if (typeof start !== "string" || !isCalendarDate(start))
    throw badRequest("localDateStart must be a date (YYYY-MM-DD)");
  if (typeof end !== "string" || !isCalendarDate(end)) throw badRequest("localDateEnd must be a date (YYYY-MM-DD)");
  if (end < start) throw badRequest("localDateEnd must not be before localDateStart");
  if (addDays(start, MAX_OCTO_DAYS - 1) < end)
    throw badRequest(`localDateStart to localDateEnd must span at most ${MAX_OCTO_DAYS} days`);
  return { start, end };
}

/** The product's timeslots of the local dates `start` to `end`, through the shared cache. */
function slotsOf(ctx: { db: Db; cache: CacheReads }, product: ProductWithUnits, start: string, end: string) {
  return cachedTimeslotsBetween(
    ctx,
    product.id,
    startOfLocalDay(start, product.timeZone),
    startOfLocalDay(addDays(end, 1), product.timeZone),
  );
}

function unitPricing(product: ProductWithUnits): PricingUnit[] {
  return product.units.map((unit) => ({ ...octoPricing(unit.priceAmount, product.currency), unitId: unit.unitId }));
}

function lowestPricing(product: ProductWithUnits) {
  const lowest = Math.min(...product.units.map((unit) => unit.priceAmount));
  return octoPricing(Number.isFinite(lowest) ? lowest : 0, product.currency);
}

/** One timeslot as an OCTO availability; `places` is what the request asks for, when it says. */
export function octoAvailability(
  slot: SlotState,
  product: ProductWithUnits,
  now: Date,
  caps: OctoCapabilities,
  places?: number,
): Availability {
  const vacancies = freePlaces(slot);
  const status = statusOf(sells(slot, product, now), vacancies, slot.capacity);
  const start = toOffsetIso(slot.startsAt, product.timeZone);
  const end = toOffsetIso(new Date(slot.startsAt.getTime() + product.durationMinutes * 60_000), product.timeZone);
  return {
    id: start,
    localDateTimeStart: start,
    localDateTimeEnd: end,
    utcCutoffAt: octoUtc(salesCloseAt(slot, product.bookingCutoffMinutes)),
    allDay: false,
    available: isOpen(status) && (places === undefined || places <= vacancies),
    status,
    vacancies,
    capacity: slot.capacity,
    maxUnits: Math.min(vacancies, product.maxParticipants),
    openingHours: [],
    ...(caps.has(CapabilityId.OCTO_PRICING)
      ? { unitPricing: unitPricing(product), pricing: lowestPricing(product) }
      : {}),
  };
}

export interface CheckRequest {
  product: ProductWithUnits;
  /** The local dates asked for, or the availabilities by id. */
  range?: { start: string; end: string } | undefined;
  ids?: readonly string[] | undefined;
  places?: number | undefined;
}

/** OCTO's availability check: the timeslots of the dates or ids asked for that have not started, ascending. */
export async function checkAvailability(
  ctx: { db: Db; cache: CacheReads },
  request: CheckRequest,
  now: Date,
  caps: OctoCapabilities,
): Promise<Availability[]> {
  const { product } = request;
  let slots: readonly SlotState[];
  if (request.ids) {
    const wanted = new Set(request.ids);
    const dates = request.ids.map(parseAvailabilityId).flatMap((id) => (id ? [id.date] : []));
    if (dates.length === 0) return [];
    dates.sort();
    const all = await slotsOf(ctx, product, dates[0] as string, dates.at(-1) as string);
    slots = all.filter((slot) => wanted.has(toOffsetIso(slot.startsAt, product.timeZone)));
  } else if (request.range) {
    slots = await slotsOf(ctx, product, request.range.start, request.range.end);
  } else {
    slots = [];
  }
  return slots
    .filter((slot) => slot.startsAt.getTime() > now.getTime())
    .toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((slot) => octoAvailability(slot, product, now, caps, request.places));
}

/**
 * OCTO's calendar: one item per local date of the range. Only timeslots that still sell count
 * (open, not past their cut-off), as in the REST calendar (section 18).
 */
export async function availabilityCalendar(
  ctx: { db: Db; cache: CacheReads },
  product: ProductWithUnits,
  range: { start: string; end: string },
  now: Date,
  caps: OctoCapabilities,
  places?: number,
): Promise<AvailabilityCalendar[]> {
  const slots = await slotsOf(ctx, product, range.start, range.end);
  const days = new Map<string, { vacancies: number; capacity: number; selling: number; fits: boolean }>();
  for (const slot of slots) {
    if (!sells(slot, product, now)) continue;
    const { date } = instantToLocal(slot.startsAt, product.timeZone);
    const day = days.get(date) ?? { vacancies: 0, capacity: 0, selling: 0, fits: false };
    const free = freePlaces(slot);
    day.vacancies += free;
    day.capacity += slot.capacity;
    day.selling += 1;
    if (places === undefined ? free > 0 : free >= places) day.fits = true;
    days.set(date, day);
  }
  const pricing = caps.has(CapabilityId.OCTO_PRICING)
    ? { unitPricingFrom: unitPricing(product), pricingFrom: lowestPricing(product) }
    : {};
  const calendar: AvailabilityCalendar[] = [];
  for (let date = range.start; date <= range.end; date = addDays(date, 1)) {
    const day = days.get(date);
    const status = statusOf(day !== undefined, day?.vacancies ?? 0, day?.capacity ?? 0);
    calendar.push({
      localDate: date,
      available: isOpen(status) && (day?.fits ?? false),
      status,
      vacancies: day?.vacancies ?? 0,
      capacity: day?.capacity ?? 0,
      openingHours: [],
      ...pricing,
    });
  }
  return calendar;
}
