import type { Redis } from "ioredis";

import { TooManyRequestsError } from "../problems/too-many-requests.ts";
import { makeLimiter, retryAfterSeconds, spendPoint } from "./limiter-store.ts";

export interface SignInLimits {
  /** Failures an account may have before each further one makes it wait. */
  freeFailures: number;
  /** The wait after a failure doubles from 1 s up to this. */
  maxDelaySeconds: number;
  accountFailuresPerDay: number;
  addressFailuresPerDay: number;
  /** An address the account signed in from within these days is spared the account's limits. */
  trustedAddressDays: number;
}

const DAY = 86_400;

/**
 * Password guessing made slow without letting a stranger lock the rightful user out: every
 * attempt takes a point from the account's and the address's daily budgets before the
 * password is checked (a success gives them back); past the free failures the account must
 * wait 1 s, 2 s, 4 s … before the next try; and an account is tried once at a time in a
 * process, so a batch of simultaneous guesses gets no further than one. Addresses the account
 * signed in from lately are spared the account's limits (not their own).
 */
export function signInThrottle(limits: SignInLimits, redis?: Redis) {
  const accountFailures = makeLimiter(redis, "signin:account", limits.accountFailuresPerDay, DAY);
  const addressFailures = makeLimiter(redis, "signin:address", limits.addressFailuresPerDay, DAY);
  const accountWait = makeLimiter(redis, "signin:wait", 1, 1);
  const trusted = makeLimiter(redis, "signin:trusted", 1, limits.trustedAddressDays * DAY);
  const inFlight = new Set<string>();
  const pair = (account: string, address: string) => `${account}|${address}`;

  async function refuseIfSpent(account: string, address: string, isTrusted: boolean): Promise<void> {
    const fromAddress = await addressFailures.get(address);
    if (fromAddress && fromAddress.consumedPoints >= limits.addressFailuresPerDay) {
      throw new TooManyRequestsError(
        "Too many failed sign-ins from this address today",
        retryAfterSeconds(fromAddress.msBeforeNext),
      );
    }
    if (isTrusted) return;
    const forAccount = await accountFailures.get(account);
    if (forAccount && forAccount.consumedPoints >= limits.accountFailuresPerDay) {
      throw new TooManyRequestsError(
        "Too many failed sign-ins for this account today",
        retryAfterSeconds(forAccount.msBeforeNext),
      );
    }
    const wait = await accountWait.get(account);
    if (wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0) {
      throw new TooManyRequestsError(
        "Too many failed sign-ins for this account; wait before trying again",
        retryAfterSeconds(wait.msBeforeNext),
      );
    }
  }

  return {
    /**
     * Runs `verify` (the password check) unless a budget refuses the attempt first, with
     * TooManyRequestsError; what `verify` returns is null for a wrong e-mail or password.
     */
    async attempt<T>(account: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
      if (inFlight.has(account))
        throw new TooManyRequestsError("A sign-in for this account is already being checked", 1);
      inFlight.add(account);
      try {
        const isTrusted = (await trusted.get(pair(account, address))) !== null;
        await refuseIfSpent(account, address, isTrusted);
        await spendPoint(addressFailures, address);
        const failures = await spendPoint(accountFailures, account);
        const user = await verify();
        if (user) {
          await trusted.set(pair(account, address), 1, limits.trustedAddressDays * DAY);
          await addressFailures.reward(address, 1);
          await accountFailures.delete(account);
          await accountWait.delete(account);
        } else if (!isTrusted && failures > limits.freeFailures) {
          await accountWait.block(account, Math.min(limits.maxDelaySeconds, 2 ** (failures - limits.freeFailures - 1)));
        }
        return user;
      } finally {
        inFlight.delete(account);
      }
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;
