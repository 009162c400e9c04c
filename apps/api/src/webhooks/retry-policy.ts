export interface RetryPolicy {
  /** Delay after the first failed attempt; each further failure doubles it. */
  firstDelayMs: number;
  /** Attempts go on for at least this long after the event (or its redelivery), then stop. */
  giveUpAfterMs: number;
}

/** About a minute, doubling, for 24 hours (contract section 11). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { firstDelayMs: 60_000, giveUpAfterMs: 86_400_000 };

/** When to try again after failed attempt number `attempts`, or null to give up. */
export function nextAttemptAt(policy: RetryPolicy, attempts: number, retryFrom: Date, now: Date): Date | null {
  if (now.getTime() - retryFrom.getTime() >= policy.giveUpAfterMs) return null;
  const delay = policy.firstDelayMs * 2 ** Math.min(Math.max(0, attempts - 1), 16);
  return new Date(now.getTime() + delay);
}
