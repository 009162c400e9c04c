import Decimal from "decimal.js";

/**
 * decimal.js rounds to 20 significant digits by default. A sum of usage entries (numeric(38, 12):
 * below 10^26, 12 decimal places) over all the 2^64 entries a table can ever hold stays below
 * 10^46, i.e. at most 58 digits, so the domain uses a clone with room for 80 that never rounds them.
 */
export const ExactDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;
