import { describe, expect, it } from "vitest";

import { fieldErrorsOf } from "../validation/field-errors.ts";
import { meterDefinitionSchema } from "./meter-definition.ts";
import { highestThresholdReached, thresholdPeriods, thresholdReached } from "./threshold-periods.ts";

const errors = (value: unknown) => {
  const r = meterDefinitionSchema.safeParse(value);
  return r.success ? [] : fieldErrorsOf(r.error);
};

describe("meter definitions", () => {
  it("take a meter with a unit, a description and thresholds, and default the rest", () => {
    expect(
      meterDefinitionSchema.parse({ Meter: " storage ", Unit: " GB ", Thresholds: [{ Period: "day", Value: 0.5 }] }),
    ).toEqual({ Meter: "storage", Unit: "GB", Description: "", Thresholds: [{ Period: "day", Value: 0.5 }] });
    expect(meterDefinitionSchema.parse({ Meter: "api-calls" })).toEqual({
      Meter: "api-calls",
      Unit: null,
      Description: "",
      Thresholds: [],
    });
  });

  it("take the built-in meters by their exact names, and refuse their look-alikes", () => {
    expect(errors({ Meter: "order-completed" })).toEqual([]);
    expect(errors({ Meter: "Order-Completed" })).toEqual([
      { field: "Meter", message: "Meter must be order-completed exactly, or not look like it" },
    ]);
    expect(errors({ Meter: "0rder-completed" }).map((e) => e.field)).toEqual(["Meter"]);
  });

  it.each([
    [{ Meter: "m", Unit: "" }, "Unit", "Unit must not be empty"],
    [{ Meter: "m", Unit: "u".repeat(21) }, "Unit", "Unit must be at most 20 characters"],
    [{ Meter: "m", Description: "d".repeat(501) }, "Description", "Description must be at most 500 characters"],
    [
      { Meter: "m", Thresholds: [{ Period: "week", Value: 1 }] },
      "Thresholds[0].Period",
      "Thresholds[0].Period must be day or month",
    ],
    [
      { Meter: "m", Thresholds: [{ Period: "day", Value: 0 }] },
      "Thresholds[0].Value",
      "Thresholds[0].Value must be greater than 0",
    ],
    [
      { Meter: "m", Thresholds: [{ Period: "day", Value: "5" }] },
      "Thresholds[0].Value",
      "Thresholds[0].Value must be a JSON number",
    ],
    [
      { Meter: "m", Thresholds: [{ Period: "day", Value: 1e-7 }] },
      "Thresholds[0].Value",
      "Thresholds[0].Value must have at most 6 decimal places",
    ],
    [
      { Meter: "m", Thresholds: [{ Period: "day", Value: 1e15 }] },
      "Thresholds[0].Value",
      "Thresholds[0].Value must be less than 1e15",
    ],
    [
      { Meter: "m", Thresholds: Array.from({ length: 11 }, (_, i) => ({ Period: "day", Value: i + 1 })) },
      "Thresholds",
      "Thresholds must hold at most 10 thresholds",
    ],
    [
      {
        Meter: "m",
        Thresholds: [
          { Period: "month", Value: 2 },
          { Period: "month", Value: 2 },
        ],
      },
      "Thresholds",
      "Thresholds must not repeat a period and value",
    ],
  ])("refuses %j naming %s", (input, field, message) => {
    expect(errors(input)).toContainEqual({ field, message });
  });
});

describe("threshold periods", () => {
  it("are the local day and month of the zone, half-open", () => {
    const periods = thresholdPeriods(new Date("2026-11-23T12:00:00Z"), "Asia/Kolkata", 0);
    expect(periods).toEqual([
      {
        period: "day",
        startDate: "2026-11-23",
        start: new Date("2026-11-22T18:30:00Z"),
        end: new Date("2026-11-23T18:30:00Z"),
      },
      {
        period: "month",
        startDate: "2026-11-01",
        start: new Date("2026-10-31T18:30:00Z"),
        end: new Date("2026-11-30T18:30:00Z"),
      },
    ]);
  });

  it("include the day and month that just ended within the look-back", () => {
    const justAfter = new Date("2026-12-01T00:00:30Z");
    expect(thresholdPeriods(justAfter, "UTC", 60_000).map((p) => `${p.period} ${p.startDate}`)).toEqual([
      "day 2026-12-01",
      "month 2026-12-01",
      "day 2026-11-30",
      "month 2026-11-01",
    ]);
    expect(thresholdPeriods(justAfter, "UTC", 10_000)).toHaveLength(2);
  });

  it("count a threshold reached when the total equals it, exactly", () => {
    expect(thresholdReached("0.3", "0.3")).toBe(true);
    expect(thresholdReached("0.299999999999", "0.3")).toBe(false);
    expect(thresholdReached("1000000", "999999.999999")).toBe(true);
  });

  it("name the highest threshold a total reaches, compared as exact decimals", () => {
    expect(highestThresholdReached("12", ["10", "9.5", "1000", "12"])).toBe("12");
    expect(highestThresholdReached("0.3", ["0.31", "0.299999999999"])).toBe("0.299999999999");
    expect(highestThresholdReached("5", ["6", "7"])).toBeUndefined();
    expect(highestThresholdReached("5", [])).toBeUndefined();
  });
});
