export interface MemoBounds {
  /** Results kept at most; the oldest go first. */
  entries?: number;
  /** Longer keys are computed every time and never kept, so the memo's size has a bound too. */
  keyLength?: number;
}

/**
 * Remembers the results of a pure function within `bounds`, for work whose inputs repeat request
 * after request: zone arithmetic (the same timeslots and days; each luxon offset lookup costs
 * microseconds in `Intl`) and the hash of a caller's key. Results must be small: entries times
 * key length bounds the memory only as long as each value is a few numbers or short strings.
 */
export function remembered<A extends unknown[], R>(
  fn: (...args: A) => R,
  keyOf: (...args: A) => string,
  bounds: MemoBounds = {},
): (...args: A) => R {
  const { entries = 50_000, keyLength = 200 } = bounds;
  const memo = new Map<string, R>();
  return (...args: A): R => {
    const key = keyOf(...args);
    if (memo.has(key)) return memo.get(key) as R;
    const value = fn(...args);
    if (key.length > keyLength) return value;
    if (memo.size >= entries) {
      const oldest = memo.keys().next();
      if (!oldest.done) memo.delete(oldest.value);
    }
    memo.set(key, value);
    return value;
  };
}
