import { z } from "zod";

import { integerField } from "../validation/fields.ts";

/** One tier: cancelling at least `HoursBefore` hours before the start refunds `RefundPercent`. */
export interface PolicyTier {
  HoursBefore: number;
  RefundPercent: number;
}

/** Null: no policy (partners cancel until the start, fully refunded). Empty: partners cannot cancel. */
export type CancellationPolicy = readonly PolicyTier[] | null;

export const MAX_POLICY_TIERS = 10;
/** A year: a tier further out than that is a typing error. */
export const MAX_HOURS_BEFORE = 8_784;

/** The tiers as stored on bookings: every policy ever accepted reads back. */
export const storedCancellationPolicy = z
  .array(
    z.object({
      HoursBefore: integerField("HoursBefore")
        .min(0, { error: "HoursBefore must be at least 0" })
        .max(MAX_HOURS_BEFORE, { error: `HoursBefore must be at most ${MAX_HOURS_BEFORE}` }),
      RefundPercent: integerField("RefundPercent")
        .min(0, { error: "RefundPercent must be at least 0" })
        .max(100, { error: "RefundPercent must be at most 100" }),
    }),
  )
  .max(MAX_POLICY_TIERS, { error: `CancellationPolicy has at most ${MAX_POLICY_TIERS} tiers` })
  .refine((tiers) => new Set(tiers.map((tier) => tier.HoursBefore)).size === tiers.length, {
    error: "CancellationPolicy must not list the same HoursBefore twice",
  });

/** A policy as an operator gives it. Cancelling later never refunds more: that would pay a customer to wait. */
export const cancellationPolicyField = storedCancellationPolicy.refine(
  (tiers) => {
    const byHours = [...tiers].sort((a, b) => b.HoursBefore - a.HoursBefore);
    return byHours.every((tier, i) => i === 0 || tier.RefundPercent <= (byHours[i - 1]?.RefundPercent ?? 100));
  },
  { error: "CancellationPolicy must not refund more for cancelling closer to the start" },
);

/** What cancelling now would give, as bookings answer it (`Cancellation`). */
export interface CancellationQuote {
  Cancellable: boolean;
  RefundPercent: number;
  Refund: { Amount: number; Currency: string };
  /** Unix seconds at which this quote stops holding (the next tier, or the start); null when it never changes. */
  Until: number | null;
}

const HOUR_MS = 3_600_000;

/** The refund of `percent` of `amount` minor units, rounded down: never more than the policy promises. */
export function refundAmount(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/**
 * The partner's cancellation quote for a booking of `total` starting at `startsAt`, at `now`,
 * under `policy`. Tiers are read from the furthest out: the first whose `HoursBefore` still lies
 * ahead applies and holds until that many hours before the start. Later than every tier refunds
 * nothing but stays cancellable until the start; after the start nothing is cancellable.
 */
export function quoteCancellation(
  policy: CancellationPolicy,
  startsAt: Date,
  now: Date,
  total: { amount: number; currency: string },
): CancellationQuote {
  const quote = (cancellable: boolean, percent: number, until: number | null): CancellationQuote => ({
    Cancellable: cancellable,
    RefundPercent: percent,
    Refund: { Amount: refundAmount(total.amount, percent), Currency: total.currency },
    Until: until === null ? null : Math.floor(until / 1000),
  });
  const start = startsAt.getTime();
  if (now.getTime() >= start || (policy !== null && policy.length === 0)) return quote(false, 0, null);
  if (policy === null) return quote(true, 100, start);
  const tiers = [...policy].sort((a, b) => b.HoursBefore - a.HoursBefore);
  for (const tier of tiers) {
    const tierEnd = start - tier.HoursBefore * HOUR_MS;
    if (now.getTime() < tierEnd) return quote(true, tier.RefundPercent, tierEnd);
  }
  return quote(true, 0, start);
}
