import Decimal from "decimal.js";

/**
 * decimal.js rounds to 20 significant digits by default; numeric(38, 12) values and their
 * sums need up to 38 and more, so the domain uses a clone that never rounds them.
 */
export const ExactDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN });
export type ExactDecimal = InstanceType<typeof ExactDecimal>;
