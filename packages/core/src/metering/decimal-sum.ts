import { ExactDecimal } from "./exact-decimal.ts";

// How PostgreSQL prints a numeric: digits, an optional fraction, never an exponent.
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The exact sum of decimal texts as PostgreSQL prints them, added as integers of the largest
 * scale seen (BigInt) and made one exact decimal at the end: a year of day windows adds up
 * thousands of cells per answer, and parsing each into an ExactDecimal cost more than the
 * rest of building the answer. Any other spelling is added as an ExactDecimal, so the sum is
 * exact whatever it is given.
 */
export class DecimalSum {
  private units = 0n;
  private scale = 0;
  private other = new ExactDecimal(0);

  add(text: string): void {
    if (!PLAIN_DECIMAL.test(text)) {
      this.other = this.other.plus(text);
      return;
    }
    const point = text.indexOf(".");
    const fraction = point < 0 ? "" : text.slice(point + 1);
    const units = BigInt(point < 0 ? text : text.slice(0, point) + fraction);
    if (fraction.length > this.scale) {
      this.units *= 10n ** BigInt(fraction.length - this.scale);
      this.scale = fraction.length;
    }
    this.units += units * 10n ** BigInt(this.scale - fraction.length);
  }

  /** The sum so far. */
  total(): ExactDecimal {
    return new ExactDecimal(`${this.units}e-${this.scale}`).plus(this.other);
  }
}
