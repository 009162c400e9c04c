import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { DecimalSum } from "./decimal-sum.ts";
import { ExactDecimal } from "./exact-decimal.ts";

// Sums of numeric(38, 12) amounts as PostgreSQL prints them, any scale up to 12, either sign.
const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,45})$/), fc.stringMatching(/^\d{0,12}$/))
  .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`);

describe("DecimalSum", () => {
  it("adds exactly what ExactDecimal adds", () => {
    fc.assert(
      fc.property(fc.array(decimalText, { maxLength: 40 }), (texts) => {
        const sum = new DecimalSum();
        for (const text of texts) sum.add(text);
        const expected = texts.reduce((total, t) => total.plus(t), new ExactDecimal(0));
        expect(sum.total().equals(expected)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps 0.1 + 0.2 at 0.3, and takes other spellings exactly too", () => {
    const sum = new DecimalSum();
    for (const text of ["0.1", "0.2", "1e-12", "-0.000000000001"]) sum.add(text);
    expect(sum.total().toString()).toBe("0.3");
    expect(new DecimalSum().total().toString()).toBe("0");
  });
});
