/**
 * Whether `text` opens more than `limit` brackets (`{`, `[`) at once outside its strings. A
 * linear scan that never parses: it judges hostile text (10,000 characters of `[`) before a
 * recursive parser spends milliseconds on it. Text that is not JSON gets some answer; its
 * parse refuses it anyway.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    }
  }
  return false;
}
