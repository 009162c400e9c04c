import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

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
 * allowance of `burst - perSecond` that refills over 10 seconds. In memory by default; in
 * Redis when given (falling back to memory for as long as Redis does not answer).
 */
export function createRateLimiter(settings: RateLimitSettings) {
  const extra = Math.max(0, settings.burst - settings.perSecond);
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    return settings.redis
      ? new RateLimiterRedis({ storeClient: settings.redis, keyPrefix, points, duration, insuranceLimiter: memory, useRedisPackage: false })
      : memory;
  };
  const main = make("rl:main", settings.perSecond, 1);
  const limiter = extra > 0 ? new BurstyRateLimiter(main, make("rl:burst", extra, 10)) : main;

  return async function check(key: string): Promise<RateLimitVerdict> {
    try {
      const res = await limiter.consume(key, 1);
      return { allowed: true, headers: headers(settings.perSecond, res) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return { allowed: false, headers: { ...headers(settings.perSecond, rejection), "Retry-After": String(retryAfter) } };
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

/** Whose budget a request draws on: its key (hashed, never stored), or its address when it has none. */
export function rateLimitKey(authorization: string | undefined, ip: string): string {
  const token = /^Bearer\s+(\S+)/i.exec(authorization ?? "")?.[1];
  return token ? `key:${createHash("sha256").update(token).digest("hex").slice(0, 32)}` : `ip:${ip}`;
}
