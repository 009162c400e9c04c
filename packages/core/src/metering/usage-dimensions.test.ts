import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { dimensionQueryOf, usageSummaryQuerySchema } from "./summary-query.ts";
import {
  filterMatches,
  MAX_DIMENSIONS,
  MAX_DIMENSIONS_BYTES,
  MAX_EXTRA_INFO_DEPTH,
  usageDimensions,
  usageDimensionsOfEach,
} from "./usage-dimensions.ts";

describe("usageDimensions", () => {
  it("takes the top-level strings, numbers and booleans of a JSON object", () => {
    expect(usageDimensions('{"plan":"pro","seats":3,"vip":true,"nested":{"a":1},"list":[1],"none":null}')).toBe(
      '{"plan":"pro","seats":3,"vip":true}',
    );
  });

  it.each([
    ["null", null],
    ["empty text", ""],
    ["text that is not JSON", "not json"],
    ["an array", "[1,2]"],
    ["a number", "42"],
    ["a string", '"text"'],
    ["JSON null", "null"],
    ["a key given twice", '{"a":1,"a":2}'],
    ["a key given twice with one value", '{"a":1,"a":1}'],
    ["5,000 levels of nesting", "[".repeat(5000)],
  ])("gives no dimensions for %s", (_label, extraInfo) => {
    expect(usageDimensions(extraInfo)).toBeNull();
  });

  it("leaves out a name given twice, whatever its values, and keeps the other members", () => {
    expect(usageDimensions('{"region":"eu","plan":"pro","region":"eu"}')).toBe('{"plan":"pro"}');
    expect(usageDimensions('{"region":"eu","plan":"pro","reg\\u0069on":"us"}')).toBe('{"plan":"pro"}');
    expect(usageDimensions('{ "a" : 1 , "b":{"a":2,"a":3}, "c":"a\\":", "d":["a"] }')).toBe('{"a":1,"c":"a\\":"}');
  });

  it("keeps numbers exact: one a double cannot hold is not a dimension; equal numbers are written alike", () => {
    expect(usageDimensions('{"big":9007199254740993,"tiny":1e-400,"n":1.50,"e":1e2}')).toBe('{"n":1.5,"e":100}');
  });

  it("skips what jsonb refuses or the rules leave out, never failing", () => {
    const extra = JSON.stringify({
      nul: "a\u0000b",
      half: "\ud800",
      "two words": "x",
      long: "x".repeat(101),
      ["k".repeat(65)]: 1,
      ok: "é",
    });
    expect(usageDimensions(extra)).toBe('{"ok":"é"}');
  });

  it(`takes at most ${MAX_DIMENSIONS} members, first ones first, within ${MAX_DIMENSIONS_BYTES} bytes`, () => {
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`d${i}`, i]));
    expect(Object.keys(JSON.parse(usageDimensions(JSON.stringify(many)) ?? "{}") as object)).toEqual(
      Array.from({ length: MAX_DIMENSIONS }, (_, i) => `d${i}`),
    );
    // Ten members of 100 two-byte characters are some 2,070 bytes: the tenth is left out.
    const wide = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`d${i}`, "é".repeat(100)]));
    const dims = usageDimensions(JSON.stringify(wide)) ?? "";
    expect(new TextEncoder().encode(dims).length).toBeLessThanOrEqual(MAX_DIMENSIONS_BYTES);
    expect(Object.keys(JSON.parse(dims) as object)).toHaveLength(9);
  });
});

describe("usageDimensions of deeply nested ExtraInfo", () => {
  const nested = (depth: number) => `{"region":"eu","x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

  it(`keeps the dimensions of an object nested ${MAX_EXTRA_INFO_DEPTH} levels deep, and takes none from one deeper`, () => {
    expect(usageDimensions(nested(MAX_EXTRA_INFO_DEPTH))).toBe('{"region":"eu"}');
    expect(usageDimensions(nested(MAX_EXTRA_INFO_DEPTH + 1))).toBeNull();
    expect(usageDimensions(nested(5_000))).toBeNull();
  });

  it("counts brackets inside strings as text, escaped quotes included", () => {
    const text = JSON.stringify({ region: "eu", note: `\\"${"[".repeat(100)}` });
    expect(text).toContain('\\\\\\"[[[');
    expect(usageDimensions(text)).toBe('{"region":"eu"}');
  });
});

describe("usageDimensionsOfEach", () => {
  it("gives every entry what usageDimensions gives it, however the texts repeat", () => {
    const texts = fc.oneof(
      fc.constantFrom(null, "", '{"region":"eu"}', '{"region":"us","plan":"pro"}', '{"n":1.0}', '{"n":1}', "not json"),
      fc.json(),
      fc
        .dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string(), fc.integer(), fc.boolean()))
        .map((o) => JSON.stringify(o)),
    );
    fc.assert(
      fc.property(fc.array(texts, { maxLength: 40 }), (extraInfos) => {
        expect(usageDimensionsOfEach(extraInfos)).toEqual(extraInfos.map((text) => usageDimensions(text)));
      }),
    );
  });
});

describe("filterMatches", () => {
  it("matches the string always, the boolean for true and false, a number by value", () => {
    expect(filterMatches("pro")).toEqual(['"pro"']);
    expect(filterMatches("true")).toEqual(['"true"', "true"]);
    expect(filterMatches("1.0")).toEqual(['"1.0"', "1"]);
    expect(filterMatches("9007199254740993")).toEqual(['"9007199254740993"']);
    expect(filterMatches("Infinity")).toEqual(['"Infinity"']);
  });
});

describe("the summary query", () => {
  it("collects groupBy and filters, a name given twice matching either value", () => {
    const query = usageSummaryQuerySchema.parse({
      from: "2026-01-01",
      to: "2026-01-31",
      groupBy: "plan",
      "filter.plan": ["pro", "team"],
      "filter.vip": "true",
      other: "ignored",
    });
    expect(dimensionQueryOf(query)).toEqual({
      groupBy: ["plan"],
      filters: [
        { name: "plan", matches: ['"pro"', '"team"'] },
        { name: "vip", matches: ['"true"', "true"] },
      ],
    });
  });
});
