import { describe, expect, it } from "vitest";

import { amountText, minorUnitsOf } from "../src/lib/money-input";

describe("prices typed by an operator", () => {
  it.each([
    ["45", 4500],
    ["45.5", 4550],
    ["45,50", 4550],
    [" 0.07 ", 7],
    ["21474836.47", 2_147_483_647],
  ])("reads %j as %d minor units", (text, minor) => {
    expect(minorUnitsOf(text)).toBe(minor);
  });

  it.each(["", "4.555", "-1", "1e3", "12.", "€45", "123456789", "21474836.48"])("refuses %j", (text) => {
    expect(minorUnitsOf(text)).toBeNull();
  });

  it.each([0, 1, 9, 10, 99, 100, 4550, 100_001, 2_147_483_647])("reads back %d as it shows it", (minor) => {
    expect(minorUnitsOf(amountText(minor))).toBe(minor);
  });
});
