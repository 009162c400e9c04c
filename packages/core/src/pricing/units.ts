import { z } from "zod";

import type { FieldError } from "../errors/domain-errors.ts";
import { INT4_MAX, integerField, patternField } from "../validation/fields.ts";

/** Every product sells at least this unit; `Participants: n` alone books n of it. */
export const DEFAULT_UNIT_ID = "adult";
export const UNIT_ID_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** Most places one booking takes, all its units together (or as `Participants`). */
export const MAX_PLACES_PER_BOOKING = 10_000;

/** Unit types one activity may have: as many as one booking may name. */
export const MAX_UNIT_TYPES = 20;

/** Why this unit type may not be retired, or null when it may: every product keeps its adult unit. */
export function retireUnitProblem(unitId: string): string | null {
  return unitId === DEFAULT_UNIT_ID ? "Every activity sells adults: the adult unit cannot be retired" : null;
}

/** A unit type as a product offers it; `priceAmount` in minor units of the product's currency. */
export interface UnitType {
  unitId: string;
  label: string;
  priceAmount: number;
  /** Set once the operator stops selling it; old bookings keep it. */
  retiredAt: Date | null;
}

export interface UnitQuantity {
  UnitID: string;
  Quantity: number;
}

/** A priced line of a booking: what it bought, at the price of the moment. */
export interface PricedUnit {
  UnitID: string;
  Label: string;
  Quantity: number;
  Price: number;
}

/** What a booking stores of its units; checked when read back, so a damaged row fails loudly. */
export const pricedUnitsSchema = z.array(
  z.object({ UnitID: z.string(), Label: z.string(), Quantity: z.int().positive(), Price: z.int().nonnegative() }),
);

export interface PricedBooking {
  units: PricedUnit[];
  participants: number;
  totalAmount: number;
}

export const unitsField = z
  .array(
    z.object({
      UnitID: patternField("UnitID", UNIT_ID_PATTERN, "a unit's ID, such as adult or child"),
      Quantity: integerField("Quantity")
        .min(1, { error: "Quantity must be at least 1" })
        .max(MAX_PLACES_PER_BOOKING, { error: `Quantity must be at most ${MAX_PLACES_PER_BOOKING}` }),
    }),
    { error: "Units must be a list of { UnitID, Quantity }" },
  )
  .min(1, { error: "Units must name at least one unit" })
  .max(MAX_UNIT_TYPES, { error: `Units must name at most ${MAX_UNIT_TYPES} units` })
  .refine((units) => new Set(units.map((u) => u.UnitID)).size === units.length, {
    error: "Units must name each unit once",
  });

const isObject = ({ value }: { value: unknown }) => typeof value === "object" && value !== null;

/**
 * A booking or hold asks for places as `Participants` or as `Units`, exactly one of them.
 * Checked even when other fields fail, so every missing field is named in one answer.
 */
export function withParticipantsOrUnits<T extends z.ZodType<{ Participants?: number; Units?: UnitQuantity[] }>>(
  schema: T,
): T {
  return withoutBothParticipantsAndUnits(
    schema.refine((request) => request.Participants !== undefined || request.Units !== undefined, {
      error: "Participants is required (or Units)",
      path: ["Participants"],
      when: isObject,
    }),
  );
}

/** A change may leave its places as they are, but may not give both `Participants` and `Units`. */
export function withoutBothParticipantsAndUnits<T extends z.ZodType<{ Participants?: number; Units?: UnitQuantity[] }>>(
  schema: T,
): T {
  return schema.refine((request) => request.Participants === undefined || request.Units === undefined, {
    error: "Give either Participants or Units, not both",
    path: ["Units"],
    when: isObject,
  });
}

/** What a booking asks for, as units: `Participants` alone means that many of the default unit. */
export function requestedUnits(request: { Participants?: number | undefined; Units?: UnitQuantity[] | undefined }) {
  return request.Units ?? [{ UnitID: DEFAULT_UNIT_ID, Quantity: request.Participants ?? 0 }];
}

/** Whether a request asks for exactly the units a booking already has, in any order. */
export function sameUnits(bought: readonly UnitQuantity[], requested: readonly UnitQuantity[]): boolean {
  const quantities = new Map(bought.map((unit) => [unit.UnitID, unit.Quantity]));
  return bought.length === requested.length && requested.every((unit) => quantities.get(unit.UnitID) === unit.Quantity);
}

/**
 * Prices the requested units at the product's current prices, in the order they were asked
 * for. Refuses a unit the product does not sell (or no longer does), naming it, and more
 * places in all than one booking may take. The total is exact (below 2^53 by these bounds);
 * whether it fits what is stored is totalProblem's to say, after the activity's own bounds.
 */
export function priceUnits(
  offered: readonly UnitType[],
  requested: readonly UnitQuantity[],
): PricedBooking | FieldError {
  const byId = new Map(offered.filter((unit) => unit.retiredAt === null).map((unit) => [unit.unitId, unit]));
  const units: PricedUnit[] = [];
  for (const { UnitID, Quantity } of requested) {
    const unit = byId.get(UnitID);
    if (!unit) return { field: "Units", message: `This activity has no unit ${UnitID}` };
    units.push({ UnitID, Label: unit.label, Quantity, Price: unit.priceAmount });
  }
  const participants = units.reduce((sum, unit) => sum + unit.Quantity, 0);
  if (participants > MAX_PLACES_PER_BOOKING)
    return { field: "Units", message: `Units must add up to at most ${MAX_PLACES_PER_BOOKING} places` };
  return { units, participants, totalAmount: units.reduce((sum, unit) => sum + unit.Price * unit.Quantity, 0) };
}

/** Why a priced booking's total cannot be kept (an integer column, the booking's and its order's), or null. */
export function totalProblem(priced: PricedBooking): FieldError | null {
  return priced.totalAmount > INT4_MAX
    ? { field: "Units", message: `The total is more than one booking can charge (${INT4_MAX} minor units)` }
    : null;
}

export function isFieldError(value: PricedBooking | FieldError): value is FieldError {
  return "field" in value;
}
