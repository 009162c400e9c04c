/**
 * Remembers the results of a pure function, up to `limit` of them (the oldest go first).
 * Zone arithmetic is pure and its inputs repeat (the same timeslots and days, request after
 * request), while each luxon offset lookup costs microseconds in `Intl`.
 */
export function remembered<A extends unknown[], R>(fn: (...args: A) => R, keyOf: (...args: A) => string, limit = 50_000): (...args: A) => R {
  const memo = new Map<string, R>();
  return (...args: A): R => {
    const key = keyOf(...args);
    if (memo.has(key)) return memo.get(key) as R;
    const value = fn(...args);
    if (memo.size >= limit) {
      const oldest = memo.keys().next();
      if (!oldest.done) memo.delete(oldest.value);
    }
    memo.set(key, value);
    return value;
  };
}
