import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ExactDecimal } from "@slotwise/core";

import { inexactNumber } from "../src/http/json-body.ts";

/** What the check stands for: the number as written is the decimal the service would store. */
const keptAsWritten = (token: string) => new ExactDecimal(token).eq(new ExactDecimal(Number(token)));

describe("numbers that JSON parsing would change", () => {
  it("property: a double's own text, in any spelling, is kept", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat(5), (double, zeros) => {
        const text = String(double);
        const padded = text.includes("e") || !text.includes(".") ? text : text + "0".repeat(zeros);
        expect(inexactNumber(`{"a":[${padded}, "x"]}`)).toBeUndefined();
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: a number of up to 25 digits is refused exactly when its double would not give it back", () => {
    const token = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 25n }), fc.integer({ min: 0, max: 30 }), fc.boolean())
      .map(([digits, scale, negative]) => {
        const text = digits.toString().padStart(scale + 1, "0");
        const split = text.length - scale;
        return `${negative ? "-" : ""}${text.slice(0, split)}${scale > 0 ? `.${text.slice(split)}` : ""}`;
      });
    fc.assert(
      fc.property(token, (number) => {
        expect(inexactNumber(`{"Usage": ${number}}`)).toBe(keptAsWritten(number) ? undefined : number);
      }),
      { numRuns: 3_000 },
    );
  });

  it("reads exponents and leaves digits inside strings alone", () => {
    expect(inexactNumber('{"a": 1.0000000000000001e5}')).toBeUndefined();
    expect(inexactNumber('{"a": 1.00000000000000001e5}')).toBe("1.00000000000000001e5");
    expect(inexactNumber('{"a": 12345678901234567e-20}')).toBeUndefined();
    expect(inexactNumber('{"a": "0.1000000000000000001", "b": "\\"0.1000000000000000001"}')).toBeUndefined();
    expect(inexactNumber(`[1.${"0".repeat(100_000)}1]`)).toBe(`1.${"0".repeat(100_000)}1`);
    expect(inexactNumber(`[1${"0".repeat(398)}1]`)).toBe(`1${"0".repeat(398)}1`);
  });
});
