import { createHash } from "node:crypto";

import type { Redis } from "ioredis";
import { BurstyRateLimiter, RateLimiterRes } from "rate-limiter-flexible";

import { hashApiKey } from "@slotwise/db";

import { bearerToken } from "../auth/bearer-token.ts";
import { makeLimiter, retryAfterSeconds } from "../limits/limiter-store.ts";

export interface RateLimitSettings {
  perSecond: number;
  burst: number;
  /** Shared store: with it, every API process draws from one budget per key. */
  redis?: Redis | undefined;
}

export interface RateLimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

/**
 * `perSecond` requests a second per key, and up to `burst` in one second drawing on a burst
 * allowance of `burst - perSecond` that refills over 10 seconds.
 */
export function createRateLimiter(settings: RateLimitSettings) {
  const extra = Math.max(0, settings.burst - settings.perSecond);
  const main = makeLimiter(settings.redis, "rl:main", settings.perSecond, 1);
  const limiter = extra > 0 ? new BurstyRateLimiter(main, makeLimiter(settings.redis, "rl:burst", extra, 10)) : main;

  return async function check(key: string, cost = 1): Promise<RateLimitVerdict> {
    try {
      const res = await limiter.consume(key, cost);
      return { allowed: true, headers: headers(settings.perSecond, res) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return {
        allowed: false,
        headers: {
          ...headers(settings.perSecond, rejection),
          "Retry-After": String(retryAfterSeconds(rejection.msBeforeNext)),
        },
      };
    }
  };
}

function headers(limit: number, res: RateLimiterRes): Record<string, string> {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, Math.min(limit, res.remainingPoints))),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))),
  };
}

const digest = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 32);

/**
 * Whose budget a request draws on: its API key or console session (hashed: the limiter's keys
 * never hold a secret as sent), or its client address when it has neither.
 */
export function rateLimitKey(request: {
  authorization?: string | undefined;
  sessionToken?: string | undefined;
  address: string;
}): string {
  const token = bearerToken(request.authorization);
  if (token) return keyBudget(hashApiKey(token));
  if (request.sessionToken) return `session:${digest(request.sessionToken)}`;
  return `ip:${request.address}`;
}

/** The budget of the API key with this hash. */
export function keyBudget(keyHash: string): string {
  return `key:${keyHash.slice(0, 32)}`;
}
