import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { takePlaces, type SlotState } from "../capacity/bookable.ts";
import { isFieldError, priceUnits, requestedUnits, totalProblem, unitsField, type UnitType } from "./units.ts";

const offered: UnitType[] = [
  { unitId: "adult", label: "Adult", priceAmount: 4500, retiredAt: null },
  { unitId: "child", label: "Child", priceAmount: 2000, retiredAt: null },
  { unitId: "senior", label: "Senior", priceAmount: 3800, retiredAt: null },
  { unitId: "student", label: "Student", priceAmount: 3000, retiredAt: new Date("2026-01-01T00:00:00Z") },
];

const mix = fc.uniqueArray(
  fc.record({ UnitID: fc.constantFrom("adult", "child", "senior"), Quantity: fc.integer({ min: 1, max: 12 }) }),
  { minLength: 1, maxLength: 3, selector: (unit) => unit.UnitID },
);

describe("pricing a booking's units", () => {
  it("totals the sum of each unit's price times its quantity, for any mix, and counts every unit as a place", () => {
    fc.assert(
      fc.property(mix, (requested) => {
        const priced = priceUnits(offered, requested);
        if (isFieldError(priced)) throw new Error(priced.message);
        const price = (id: string) => offered.find((unit) => unit.unitId === id)?.priceAmount ?? NaN;
        expect(priced.totalAmount).toBe(requested.reduce((sum, u) => sum + price(u.UnitID) * u.Quantity, 0));
        expect(priced.participants).toBe(requested.reduce((sum, u) => sum + u.Quantity, 0));
        expect(priced.units.map((u) => [u.UnitID, u.Quantity])).toEqual(requested.map((u) => [u.UnitID, u.Quantity]));
      }),
    );
  });

  it("never sells more places than a timeslot has, whatever mixes arrive", () => {
    const now = new Date("2026-06-01T08:00:00Z");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(mix, { maxLength: 30 }), (capacity, bookings) => {
        const slot: SlotState = { startsAt: new Date("2026-06-02T08:00:00Z"), capacity, placesTaken: 0, closed: false };
        for (const requested of bookings) {
          const priced = priceUnits(offered, requested);
          if (isFieldError(priced)) throw new Error(priced.message);
          const outcome = takePlaces(slot, priced.participants, 0, now);
          if (outcome.ok) slot.placesTaken = outcome.placesTaken;
          expect(slot.placesTaken).toBeLessThanOrEqual(capacity);
        }
      }),
    );
  });

  it("refuses a unit the activity does not sell, or no longer sells, naming it", () => {
    expect(priceUnits(offered, [{ UnitID: "infant", Quantity: 1 }])).toEqual({
      field: "Units",
      message: "This activity has no unit infant",
    });
    expect(priceUnits(offered, [{ UnitID: "student", Quantity: 2 }])).toMatchObject({
      message: "This activity has no unit student",
    });
  });
});

describe("the limits of a booking", () => {
  it("refuses more than 10,000 places in all, however they are split", () => {
    const lines = ["adult", "child", "senior"].map((UnitID) => ({ UnitID, Quantity: 4_000 }));
    expect(priceUnits(offered, lines)).toEqual({
      field: "Units",
      message: "Units must add up to at most 10000 places",
    });
  });

  it("refuses a total that an integer column cannot hold, and nothing less", () => {
    const dear: UnitType[] = [{ unitId: "adult", label: "Adult", priceAmount: 2_147_483_647, retiredAt: null }];
    const one = priceUnits(dear, [{ UnitID: "adult", Quantity: 1 }]);
    const two = priceUnits(dear, [{ UnitID: "adult", Quantity: 2 }]);
    if (isFieldError(one) || isFieldError(two)) throw new Error("priced");
    expect(totalProblem(one)).toBeNull();
    expect(totalProblem(two)).toMatchObject({ field: "Units" });
    expect(two.totalAmount).toBe(4_294_967_294);
  });
});

describe("what a booking asks for", () => {
  it("reads Participants alone as that many adults", () => {
    expect(requestedUnits({ Participants: 3 })).toEqual([{ UnitID: "adult", Quantity: 3 }]);
    expect(requestedUnits({ Units: [{ UnitID: "child", Quantity: 2 }] })).toEqual([{ UnitID: "child", Quantity: 2 }]);
  });

  it.each([
    [[], "Units must name at least one unit"],
    [[{ UnitID: "adult", Quantity: 0 }], "Quantity must be at least 1"],
    [[{ UnitID: "adult", Quantity: 1.5 }], "Quantity must be a whole number"],
    [[{ UnitID: "Adult!", Quantity: 1 }], "UnitID must be a unit's ID, such as adult or child"],
    [
      [
        { UnitID: "adult", Quantity: 1 },
        { UnitID: "adult", Quantity: 2 },
      ],
      "Units must name each unit once",
    ],
  ])("refuses the list %j", (units, message) => {
    const result = unitsField.safeParse(units);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
