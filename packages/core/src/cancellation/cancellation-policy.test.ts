import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { cancellationPolicyField, quoteCancellation } from "./cancellation-policy.ts";

const HOUR = 3_600_000;
const start = new Date(Date.UTC(2030, 5, 1, 9));
const total = { amount: 9_999, currency: "EUR" };
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const policy = [
  { HoursBefore: 24, RefundPercent: 50 },
  { HoursBefore: 48, RefundPercent: 100 },
];

describe("cancellation quote", () => {
  it("applies the furthest tier still ahead, until its own end", () => {
    expect(quoteCancellation(policy, start, at(72), total)).toEqual({
      Cancellable: true,
      RefundPercent: 100,
      Refund: { Amount: 9_999, Currency: "EUR" },
      Until: unix(at(48)),
    });
    expect(quoteCancellation(policy, start, at(48), total)).toMatchObject({ RefundPercent: 50, Until: unix(at(24)) });
    // Half of 99.99 is rounded down: never more than the policy promises.
    expect(quoteCancellation(policy, start, at(30), total).Refund).toEqual({ Amount: 4_999, Currency: "EUR" });
  });

  it("refunds nothing later than every tier but stays cancellable until the start", () => {
    expect(quoteCancellation(policy, start, at(2), total)).toEqual({
      Cancellable: true,
      RefundPercent: 0,
      Refund: { Amount: 0, Currency: "EUR" },
      Until: unix(start),
    });
    expect(quoteCancellation(policy, start, start, total)).toMatchObject({ Cancellable: false, Until: null });
  });

  it("lets partners cancel fully refunded without a policy, and never with an empty one", () => {
    expect(quoteCancellation(null, start, at(1), total)).toMatchObject({ Cancellable: true, RefundPercent: 100 });
    expect(quoteCancellation([], start, at(1000), total)).toMatchObject({ Cancellable: false, RefundPercent: 0 });
  });

  it("never refunds more as the start comes nearer", () => {
    const tiers = fc.uniqueArray(
      fc.record({ HoursBefore: fc.integer({ min: 0, max: 500 }), RefundPercent: fc.integer({ min: 0, max: 100 }) }),
      { selector: (tier) => tier.HoursBefore, maxLength: 5 },
    );
    fc.assert(
      fc.property(tiers, fc.integer({ min: -10, max: 600 }), fc.integer({ min: 0, max: 600 }), (policy, a, b) => {
        // Tiers that refund more further out, as policies do.
        const sorted = [...policy].sort((x, y) => x.HoursBefore - y.HoursBefore);
        const monotone = sorted.map((tier, i) => ({
          ...tier,
          RefundPercent: Math.min(
            100,
            sorted.slice(0, i + 1).reduce((m, t) => Math.max(m, t.RefundPercent), 0),
          ),
        }));
        const [near, far] = a < b ? [a, b] : [b, a];
        const nearer = quoteCancellation(monotone, start, at(near), total);
        const further = quoteCancellation(monotone, start, at(far), total);
        expect(nearer.Refund.Amount).toBeLessThanOrEqual(further.Refund.Amount);
        if (nearer.Until !== null) expect(nearer.Until * 1000).toBeGreaterThan(at(near).getTime());
      }),
    );
  });

  it("refuses tiers out of bounds or repeated, naming the field", () => {
    expect(cancellationPolicyField.safeParse([{ HoursBefore: 24, RefundPercent: 101 }]).error?.issues[0]?.message).toBe(
      "RefundPercent must be at most 100",
    );
    expect(cancellationPolicyField.safeParse([...policy, { HoursBefore: 24, RefundPercent: 10 }]).success).toBe(false);
    expect(cancellationPolicyField.safeParse([{ HoursBefore: 1.5, RefundPercent: 10 }]).success).toBe(false);
  });

  it("refuses a policy that refunds more for cancelling later, in whatever order it lists the tiers", () => {
    const backwards = [
      { HoursBefore: 48, RefundPercent: 50 },
      { HoursBefore: 24, RefundPercent: 100 },
    ];
    for (const tiers of [backwards, [...backwards].reverse()])
      expect(cancellationPolicyField.safeParse(tiers).error?.issues[0]?.message).toBe(
        "CancellationPolicy must not refund more for cancelling closer to the start",
      );
    expect(cancellationPolicyField.safeParse([...policy].reverse()).success).toBe(true);
  });
});
