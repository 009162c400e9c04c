import type { Redis } from "ioredis";
import { RateLimiterRes } from "rate-limiter-flexible";

import { TooManyRequestsError } from "../problems/too-many-requests.ts";
import { makeLimiter, retryAfterSeconds } from "./limiter-store.ts";
import { signInThrottle, type SignInLimits } from "./sign-in-throttle.ts";

export interface GuardLimits {
  /** Failed authentications (unknown keys, bad sessions) an address may make in 10 minutes. */
  authFailuresPer10Minutes: number;
  /** Anonymous shopfront checkouts and waitlist entries an address may make in an hour. */
  shopWritesPerHour: number;
  /** Places an address's unpaid checkouts may hold in 15 minutes, the time a checkout holds them. */
  checkoutPlacesPer15Minutes: number;
  signIn: SignInLimits;
}

/** The budgets of docs/decisions/rate-limit-budgets.md. */
export const DEFAULT_GUARD_LIMITS: GuardLimits = {
  authFailuresPer10Minutes: 100,
  shopWritesPerHour: 60,
  checkoutPlacesPer15Minutes: 30,
  signIn: {
    freeFailures: 5,
    maxDelaySeconds: 900,
    accountFailuresPerDay: 20,
    addressFailuresPerDay: 50,
    trustedAddressDays: 14,
  },
};

/** The budgets that protect what every client shares from what one client does. */
export function createGuards(limits: GuardLimits, redis?: Redis) {
  const authFailures = makeLimiter(redis, "guard:auth-failures", limits.authFailuresPer10Minutes, 600);
  const shopWrites = makeLimiter(redis, "guard:shop-writes", limits.shopWritesPerHour, 3_600);
  const checkoutPlaces = makeLimiter(redis, "guard:checkout-places", limits.checkoutPlacesPer15Minutes, 900);

  return {
    /** Refuses an address that has failed too often, without counting anything. */
    async checkAuthFailures(address: string): Promise<void> {
      const used = await authFailures.get(address);
      if (used && used.consumedPoints >= limits.authFailuresPer10Minutes) {
        throw new TooManyRequestsError(
          "Too many failed authentications from this address; retry later",
          retryAfterSeconds(used.msBeforeNext),
        );
      }
    },
    /**
     * Takes a failed authentication's share of the address's budget before its key or session
     * is looked up, and refuses the address once the budget is spent: taken first, concurrent
     * guesses cannot all pass a check made before any of them is counted. A caller whose
     * credentials hold gives the share back (`authSucceeded`).
     */
    async reserveAuthFailure(address: string): Promise<void> {
      try {
        await authFailures.consume(address);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new TooManyRequestsError(
          "Too many failed authentications from this address; retry later",
          retryAfterSeconds(rejection.msBeforeNext),
        );
      }
    },
    async authSucceeded(address: string): Promise<void> {
      await authFailures.reward(address, 1);
    },
    async takeShopWrite(address: string): Promise<void> {
      try {
        await shopWrites.consume(address);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new TooManyRequestsError(
          "Too many orders and waitlist entries from this address; retry later",
          retryAfterSeconds(rejection.msBeforeNext),
        );
      }
    },
    /**
     * Counts the places an anonymous checkout holds against its address: unpaid, they are
     * held 15 minutes, and without this one address could hold whole timeslots, again and again.
     */
    async takeCheckoutPlaces(address: string, places: number): Promise<void> {
      try {
        await checkoutPlaces.consume(address, places);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new TooManyRequestsError(
          `Unpaid checkouts from this address hold too many places (at most ${limits.checkoutPlacesPer15Minutes} in 15 minutes); retry later`,
          retryAfterSeconds(rejection.msBeforeNext),
        );
      }
    },
    signIn: signInThrottle(limits.signIn, redis),
  };
}

export type Guards = ReturnType<typeof createGuards>;
