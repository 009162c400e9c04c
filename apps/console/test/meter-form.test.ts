import { describe, expect, it } from "vitest";

import { definitionOf, EMPTY_METER_FORM, formOf, thresholdValueOf } from "../src/lib/meter-form";

describe("the meter definition form", () => {
  it("reads thresholds as typed, thousands separators included", () => {
    expect(thresholdValueOf(" 12 ")).toBe(12);
    expect(thresholdValueOf("1,000.5")).toBe(1000.5);
    expect(thresholdValueOf("0.000001")).toBe(0.000001);
    for (const text of ["", "abc", "-1", "1e3", "1.", ".5", "1.2.3"]) expect(thresholdValueOf(text)).toBeNull();
  });

  it("sends no unit when none is typed, and nothing while a threshold is not a number", () => {
    expect(definitionOf({ ...EMPTY_METER_FORM, meter: " sms " })).toEqual({
      Meter: "sms",
      Unit: null,
      Description: "",
      Thresholds: [],
    });
    expect(
      definitionOf({ meter: "gb", unit: "GB", description: "d", thresholds: [{ period: "day", value: "2,500" }] }),
    ).toEqual({ Meter: "gb", Unit: "GB", Description: "d", Thresholds: [{ Period: "day", Value: 2500 }] });
    expect(
      definitionOf({ ...EMPTY_METER_FORM, meter: "gb", thresholds: [{ period: "month", value: "lots" }] }),
    ).toBeNull();
  });

  it("fills the form from a definition and gives the same definition back", () => {
    const definition = {
      Meter: "gb",
      Unit: null,
      Description: "Stored photos",
      Thresholds: [
        { Period: "day" as const, Value: 0.5 },
        { Period: "month" as const, Value: 100 },
      ],
    };
    expect(definitionOf(formOf(definition))).toEqual(definition);
  });
});
