const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
/** What JSON allows between tokens (RFC 8259 section 2): space, tab, line feed, return. */
const isJsonWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The member names that a JSON object's text gives more than once at its top level, decoded
 * (`"a"` and `"\u0061"` are one name), or null when the text opens more than `maxDepth`
 * brackets at once outside its strings. One linear walk of strings and brackets that never
 * parses, so it runs before the exact parse: 10,000 characters of `[` cost that parser
 * milliseconds, and stop here at once. On text that is not JSON the answer means nothing, and
 * decoding a name may throw; the exact parse refuses such text anyway.
 */
export function repeatedNames(text: string, maxDepth: number): Set<string> | null {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return null;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === QUOTE) {
      const start = i;
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      if (depth !== 1) continue;
      let next = i + 1;
      while (isJsonWhitespace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) !== COLON) continue; // a value, not a name
      // Only a name with an escape needs decoding; parsing every name would be most of this walk.
      const raw = text.slice(start + 1, i);
      const name = raw.includes("\\") ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
      if (seen.has(name)) repeated.add(name);
      seen.add(name);
    }
  }
  return repeated;
}
