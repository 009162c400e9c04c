import { remembered } from "../memo/remembered.ts";

/** The longest zone name accepted (the columns that keep one are varchar(64)). */
export const MAX_ZONE_LENGTH = 64;

/**
 * The runtime's own name for a zone (`us/pacific` → `America/Los_Angeles`), or null when it
 * knows no such zone. Zone arithmetic runs on this name only: luxon keeps a formatter per
 * zone name for good, and `Intl` accepts any mix of case, so the names a client may send are
 * practically unlimited while the canonical ones are a few hundred.
 */
export const canonicalZone = remembered(
  (name: string): string | null => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      return null;
    }
  },
  (name) => name,
  { entries: 1_000, keyLength: MAX_ZONE_LENGTH },
);

/** The name to do arithmetic with: the canonical one when the zone is known, else `name` (luxon then says invalid). */
export function zoneForArithmetic(name: string): string {
  return canonicalZone(name) ?? name;
}

/** An IANA zone name the runtime knows (`Europe/Lisbon`, `UTC`); bare offsets like `+01:00` are not zone names. */
export function isTimeZone(value: string): boolean {
  return /^[A-Za-z]/.test(value) && value.length <= MAX_ZONE_LENGTH && canonicalZone(value) !== null;
}
