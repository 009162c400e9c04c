/** The most a price column holds (PostgreSQL's integer), in minor units. */
const MAX_PRICE = 2_147_483_647;

/**
 * What an operator types as a price ("45", "45.5", "45,50") in minor units, exactly: no
 * floating point touches it. Null when it is not an amount with at most two decimals, or
 * more than a price column holds. Currencies here have two decimals, as formatMoney assumes.
 */
export function minorUnitsOf(text: string): number | null {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return minor <= MAX_PRICE ? minor : null;
}

/** 4550 → "45.50": the amount as an operator would type it back. */
export function amountText(minorUnits: number): string {
  return `${Math.trunc(minorUnits / 100)}.${String(minorUnits % 100).padStart(2, "0")}`;
}
