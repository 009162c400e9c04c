/** How long the API's read cache keeps an answer, with a margin: a key unused this long is a cache miss. */
export const READ_CACHE_MS = 31_000;

/**
 * Keys of a read (a date, a window's first day) handed out least recently used first, none again
 * within `freshMs` of its last use (the caller waits if every key is that recent): every request
 * built from them is one the API's read cache has not answered, so its time is the database's.
 */
export class FreshKeys<K> {
  readonly #lastUsed = new Map<K, number>();

  constructor(
    keys: readonly K[],
    private readonly freshMs: number = READ_CACHE_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    if (keys.length === 0) throw new Error("FreshKeys needs at least one key");
    for (const key of keys) this.#lastUsed.set(key, Number.NEGATIVE_INFINITY);
  }

  async take(): Promise<K> {
    // A Map iterates in insertion order and every use re-inserts its key: the first is the least recent.
    const [key, usedAt] = this.#lastUsed.entries().next().value as [K, number];
    const wait = usedAt + this.freshMs - this.now();
    if (wait > 0) await this.sleep(wait);
    this.#lastUsed.delete(key);
    this.#lastUsed.set(key, this.now());
    return key;
  }
}
