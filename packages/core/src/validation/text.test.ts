import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { textProblem } from "./text.ts";

describe("textProblem", () => {
  it("finds nothing wrong in text that UTF-8 and PostgreSQL can carry", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(textProblem(text.replaceAll("\u0000", ""))).toBeNull();
      }),
    );
  });

  it("finds every lone surrogate, and no paired one", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.integer({ min: 0xd800, max: 0xdfff }), (text, unit) => {
        const clean = text.replaceAll("\u0000", "");
        expect(textProblem(`${clean}${String.fromCharCode(unit)}`)).not.toBeNull();
        expect(textProblem(`${String.fromCharCode(unit)}${clean}`)).not.toBeNull();
      }),
    );
  });
});
