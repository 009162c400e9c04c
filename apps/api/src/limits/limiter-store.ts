import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * A counter of `points` per `durationSeconds`: in memory, or in Redis when given (so every API
 * process draws from one budget), falling back to memory for as long as Redis does not answer.
 */
export function makeLimiter(
  redis: Redis | undefined,
  keyPrefix: string,
  points: number,
  durationSeconds: number,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration: durationSeconds,
        insuranceLimiter: memory,
        useRedisPackage: false,
      })
    : memory;
}

/** Takes a point whether or not the budget had it; tells how many the key has used. */
export async function spendPoint(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
    throw rejection;
  }
}

/** Whole seconds until `ms` have passed, at least one: what Retry-After says. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
