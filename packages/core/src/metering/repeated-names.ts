/** What JSON allows between tokens (RFC 8259 section 2). */
const JSON_WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

/**
 * The member names that a JSON object's text gives more than once at its top level, decoded
 * (`"a"` and `"\u0061"` are one name). `text` must already be known to be a valid JSON object:
 * this only walks its strings and brackets, so it never has to judge the text itself.
 */
export function repeatedNames(text: string): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      if (depth !== 1) continue;
      let next = i + 1;
      while (JSON_WHITESPACE.has(text[next] ?? "")) next++;
      if (text[next] !== ":") continue; // a value, not a name
      // Only a name with an escape needs decoding; parsing every name was most of this scan.
      const raw = text.slice(start + 1, i);
      const name = raw.includes("\\") ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
      if (seen.has(name)) repeated.add(name);
      seen.add(name);
    }
  }
  return repeated;
}
