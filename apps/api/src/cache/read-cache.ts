interface Entry {
  value: unknown;
  expires: number;
  tag: string;
}

/**
 * Reads that many requests share (API keys, products, a day's timeslots), kept in this
 * process and dropped the moment the database announces a change to them (see
 * `listenForChanges`), or after `ttlMs` at the latest. While the announcements cannot be
 * heard the cache stands aside and every read goes to the database.
 *
 * A read that started before a change to its tag is not kept, even if it finishes after the
 * announcement: the generation of its tag (and the cache's epoch, for connection gaps) must
 * be the same at the end as at the start.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #generations = new Map<string, number>();
  #epoch = 0;
  #live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** `keep` decides which results are worth keeping (not an unknown key's `null`, say). */
  async read<T>(key: string, tag: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.#live) return load();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const generation = this.#generations.get(tag) ?? 0;
    const epoch = this.#epoch;
    const value = await load();
    // A gap in the announcements since the start (epoch) or a change to the tag (generation): not kept.
    if (this.#epoch === epoch && (this.#generations.get(tag) ?? 0) === generation && keep(value)) this.#store(key, tag, value);
    return value;
  }

  /** Something under `tag` changed: what was read of it is stale. */
  invalidate(tag: string): void {
    this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
    for (const key of this.#keysByTag.get(tag) ?? []) this.#entries.delete(key);
    this.#keysByTag.delete(tag);
  }

  /** Whether changes are being heard; going deaf drops everything. */
  setLive(live: boolean): void {
    if (!live) {
      this.#epoch++;
      this.#entries.clear();
      this.#keysByTag.clear();
    }
    this.#live = live;
  }

  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, tag: string, value: unknown): void {
    if (this.#entries.size >= this.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, expires: Date.now() + this.ttlMs, tag });
    let keys = this.#keysByTag.get(tag);
    if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
    keys.add(key);
  }
}

/** Tags, as the database's change triggers name them. */
export const cacheTags = {
  product: (productId: number) => `product:${productId}`,
  operatorProducts: (operatorId: number) => `products:${operatorId}`,
  apiKey: (hash: string) => `api-key:${hash}`,
};
