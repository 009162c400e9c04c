export interface MemoBounds {
  /** Results kept at most; past it, the half least recently used goes. */
  entries?: number;
  /** Longer keys are computed every time and never kept, so the memo's size has a bound too. */
  keyLength?: number;
}

/**
 * Remembers the results of a pure function within `bounds`, for work whose inputs repeat request
 * after request: zone arithmetic (the same timeslots and days; each luxon offset lookup costs
 * microseconds in `Intl`) and the hash of a caller's key. The memory is bounded by `entries`
 * times the key length and the size of the largest value: give large values few entries.
 */
export function remembered<A extends unknown[], R>(
  fn: (...args: A) => R,
  keyOf: (...args: A) => string,
  bounds: MemoBounds = {},
): (...args: A) => R {
  const { entries = 50_000, keyLength = 200 } = bounds;
  // Two generations instead of evicting one entry at a time: a Map keeps deleted entries as
  // holes at its front until it is rebuilt, so taking the oldest key after each of many
  // deletions would walk every hole on every miss. When the
  // young one is full it becomes the old one and the old one is dropped whole; a hit in the
  // old one moves back to the young, so what is in use stays.
  const generation = Math.max(1, Math.floor(entries / 2));
  let young = new Map<string, R>();
  let old = new Map<string, R>();
  const keep = (key: string, value: R) => {
    if (young.size >= generation) {
      old = young;
      young = new Map();
    }
    young.set(key, value);
  };
  return (...args: A): R => {
    const key = keyOf(...args);
    if (young.has(key)) return young.get(key) as R;
    if (old.has(key)) {
      const value = old.get(key) as R;
      old.delete(key);
      keep(key, value);
      return value;
    }
    const value = fn(...args);
    if (key.length <= keyLength) keep(key, value);
    return value;
  };
}
