import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fieldErrorsOf } from "../validation/field-errors.ts";
import { ExactDecimal } from "./exact-decimal.ts";
import { makePeriod } from "./period.ts";
import { assembleSummary } from "./summary.ts";
import { usageEntryBodySchema } from "./usage-entry.ts";

const usageErrors = (Usage: number) => {
  const r = usageEntryBodySchema.safeParse({ Meter: "m", Usage });
  return r.success ? [] : fieldErrorsOf(r.error);
};

/** A decimal within the bounds and below 10^integerDigits: at most 15 digits, at most 6 of them decimals. */
const boundedDecimal = (integerDigits = 15) =>
  fc
    .integer({ min: 0, max: 6 })
    .chain((scale) =>
      fc
        .bigInt({ min: 1n, max: 10n ** BigInt(Math.min(15, integerDigits + scale)) - 1n })
        .map((digits) => new ExactDecimal(digits.toString()).dividedBy(new ExactDecimal(10).pow(scale))),
    );

describe("usage bounds", () => {
  it("property: every value within the bounds arrives through a double unchanged and is accepted", () => {
    fc.assert(
      fc.property(boundedDecimal(), (written) => {
        const received = JSON.parse(`{"Usage": ${written.toFixed()}}`) as { Usage: number };
        expect(usageErrors(received.Usage)).toEqual([]);
        expect(new ExactDecimal(received.Usage).toFixed()).toBe(written.toFixed());
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: any positive double below 1e15 is accepted exactly when its exact decimal is within the bounds", () => {
    const withinBounds = (usage: number) => {
      const exact = new ExactDecimal(usage);
      return exact.decimalPlaces() <= 6 && exact.precision() <= 15;
    };
    const doubles = fc.oneof(
      fc.double({ min: Number.MIN_VALUE, max: 1e15, maxExcluded: true, noNaN: true }),
      boundedDecimal().map((d) => d.toNumber()),
      fc.integer({ min: 1, max: 10 ** 9 }).chain((n) => fc.integer({ min: 0, max: 9 }).map((p) => n / 10 ** p)),
      // 16 digits, one too many, around every scale.
      fc
        .bigInt({ min: 10n ** 15n, max: 10n ** 16n - 1n })
        .chain((d) => fc.integer({ min: 1, max: 8 }).map((p) => Number(d) / 10 ** p))
        // 9,999,999,999,999,999 reads as 10^16: a tenth of it is the limit itself, not below it.
        .filter((usage) => usage < 1e15),
    );
    fc.assert(
      fc.property(doubles, (usage) => {
        expect(usageErrors(usage).length === 0).toBe(withinBounds(usage));
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    [1e15, "Usage must be less than 1e15"],
    [9e25, "Usage must be less than 1e15"],
    [1e15 + 0.5, "Usage must be less than 1e15"],
    [1e-7, "Usage must have at most 6 decimal places"],
    [0.1 + 0.2, "Usage must have at most 6 decimal places"],
    [1234567890.123456, "Usage must have at most 15 significant digits"],
    [123456789012.1234, "Usage must have at most 15 significant digits"],
  ])("refuses %d with one error naming Usage", (usage, message) => {
    expect(usageErrors(usage)).toEqual([{ field: "Usage", message }]);
  });

  it("accepts the extremes", () => {
    expect(usageErrors(0.000001)).toEqual([]);
    expect(usageErrors(999_999_999_999_999)).toEqual([]);
    expect(usageErrors(999_999_999.999999)).toEqual([]);
  });

  const period = makePeriod("2026-11-01", "2026-11-30", "UTC");
  /** A total as a client reads it: through JSON into a double, back to the shortest decimal. */
  const asClientReads = (total: ExactDecimal) => {
    const body = JSON.parse(
      JSON.stringify(assembleSummary(period, [{ meter: "m", totalUsage: total, eventCount: 1 }])),
    ) as { Meters: [{ TotalUsage: number }] };
    return new ExactDecimal(body.Meters[0].TotalUsage).toFixed();
  };

  it("property: a total below 1e9 of values within the bounds reaches a client's double exactly", () => {
    fc.assert(
      fc.property(fc.array(boundedDecimal(8), { minLength: 1, maxLength: 10 }), (values) => {
        const total = values.reduce((sum, v) => sum.plus(v), new ExactDecimal(0));
        fc.pre(total.lessThan("1e9"));
        expect(asClientReads(total)).toBe(total.toFixed());
      }),
      { numRuns: 1_000 },
    );
  });

  it("property: a whole-number total up to 2^53 reaches a client's double exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 53n }), (whole) => {
        expect(asClientReads(new ExactDecimal(whole.toString()))).toBe(whole.toString());
      }),
      { numRuns: 1_000 },
    );
  });
});
