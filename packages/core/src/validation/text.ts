const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `value` cannot be kept as text, or null. PostgreSQL refuses NUL in text, and a lone
 * surrogate is half a character that UTF-8 cannot carry (the driver would store U+FFFD).
 */
export function textProblem(value: string): string | null {
  if (value.includes("\u0000")) return "must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(value))
    return "must be valid Unicode text: it has a lone surrogate (half of a \\uD800-\\uDFFF pair)";
  return null;
}
