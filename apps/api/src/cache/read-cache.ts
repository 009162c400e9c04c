import { ReadTrail, type CacheReads } from "./read-trail.ts";

interface Entry {
  value: unknown;
  expires: number;
  tag: string;
  weight: number;
}

export interface CacheBounds {
  /** Entries kept at most. */
  maxEntries?: number;
  /** Rows kept at most, over all entries: a list weighs its length, anything else 1. */
  maxWeight?: number;
  /** Reads under longer keys are not kept. */
  maxKeyLength?: number;
}

const weightOf = (value: unknown) => (Array.isArray(value) ? value.length + 1 : 1);

/**
 * Reads that many requests share (API keys, products, a day's timeslots), kept in this
 * process and dropped the moment the database announces a change to them (see
 * `listenForChanges`), or after `ttlMs` at the latest. While the announcements cannot be
 * heard the cache stands aside and every read goes to the database.
 *
 * A read that started before a change to its tag is not kept, even if it finishes after the
 * announcement: the generation of its tag (and the cache's epoch, for connection gaps) must
 * be the same at the end as at the start.
 *
 * Its memory is bounded whatever the keys clients make it see: entries, rows and key length
 * each have a limit, and the oldest entries go first.
 */
export class ReadCache implements CacheReads {
  readonly #entries = new Map<string, Entry>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #generations = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #maxKeyLength: number;
  #weight = 0;
  #hits = 0;
  #misses = 0;
  #epoch = 0;
  #live = false;

  constructor(
    private readonly ttlMs: number,
    bounds: CacheBounds = {},
    /** Tells the other processes of a change this one made (see `changed`). */
    private readonly announce: (tag: string) => void = () => undefined,
  ) {
    this.#maxEntries = bounds.maxEntries ?? 20_000;
    this.#maxWeight = bounds.maxWeight ?? 50_000;
    this.#maxKeyLength = bounds.maxKeyLength ?? 256;
  }

  /** `keep` decides which results are worth keeping (not an unknown key's `null`, say). */
  async read<T>(
    key: string,
    tag: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.#live) {
      this.#misses++;
      return load();
    }
    const hit = this.#entries.get(key);
    if (hit && hit.expires > Date.now()) {
      this.#hits++;
      return hit.value as T;
    }
    this.#misses++;
    const generation = this.#generations.get(tag) ?? 0;
    const epoch = this.#epoch;
    const value = await load();
    // A gap in the announcements since the start (epoch) or a change to the tag (generation): not kept.
    if (this.#epoch === epoch && (this.#generations.get(tag) ?? 0) === generation && keep(value))
      this.#store(key, tag, value);
    return value;
  }

  /** Something under `tag` changed: what was read of it is stale. */
  invalidate(tag: string): void {
    if (this.#generations.size >= this.#maxEntries && !this.#generations.has(tag)) {
      // Forgetting generations is safe once no read in flight can be kept: a new epoch sees to that.
      this.#generations.clear();
      this.#epoch++;
    }
    this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
    for (const key of this.#keysByTag.get(tag) ?? []) this.#forget(key);
  }

  /**
   * This process has just committed a change under `tag`: what it read is stale at once, and
   * the other processes are told (after the commit, so that a booking's commit never waits
   * for their announcement).
   */
  changed(tag: string): void {
    this.invalidate(tag);
    this.announce(tag);
  }

  /** How many changes to `tag` this cache has heard of (since its generations were last forgotten: see `epoch`). */
  generation(tag: string): number {
    return this.#generations.get(tag) ?? 0;
  }

  /** Moves on whenever generations were forgotten or announcements may have been missed: what was read before is suspect. */
  get epoch(): number {
    return this.#epoch;
  }

  /** A trail for one request, and reads that record themselves in it. */
  trace(): { trail: ReadTrail; reads: CacheReads } {
    const trail = new ReadTrail(this.#epoch);
    return {
      trail,
      reads: {
        read: (key, tag, load, keep) => {
          trail.saw(tag, this.generation(tag));
          return this.read(key, tag, load, keep);
        },
        changed: (tag) => {
          this.changed(tag);
        },
      },
    };
  }

  /**
   * Whether changes are being heard; going deaf drops everything. Either way the epoch moves
   * on: a read made while deaf, finishing once hearing again, may have missed a change that
   * nobody will announce again.
   */
  setLive(live: boolean): void {
    this.#epoch++;
    if (!live) {
      this.#entries.clear();
      this.#keysByTag.clear();
      this.#weight = 0;
    }
    this.#live = live;
  }

  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Reads answered from the cache since it was made. */
  get hits(): number {
    return this.#hits;
  }

  /** Reads that went to the database since it was made. */
  get misses(): number {
    return this.#misses;
  }

  /** Rows held, over all entries. */
  get weight(): number {
    return this.#weight;
  }

  #store(key: string, tag: string, value: unknown): void {
    const weight = weightOf(value);
    if (key.length > this.#maxKeyLength || weight > this.#maxWeight) return;
    this.#forget(key);
    while (this.#entries.size >= this.#maxEntries || this.#weight + weight > this.#maxWeight) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
    this.#entries.set(key, { value, expires: Date.now() + this.ttlMs, tag, weight });
    this.#weight += weight;
    let keys = this.#keysByTag.get(tag);
    if (!keys) this.#keysByTag.set(tag, (keys = new Set()));
    keys.add(key);
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
    const keys = this.#keysByTag.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysByTag.delete(entry.tag);
  }
}

/** Tags, as the database's change triggers name them. */
export const cacheTags = {
  /** A product's details, unit types and questions. */
  product: (productId: number) => `product:${productId}`,
  /** A product's timeslots and their free places: what every sale changes. */
  timeslots: (productId: number) => `timeslots:${productId}`,
  operatorProducts: (operatorId: number) => `products:${operatorId}`,
  apiKey: (hash: string) => `api-key:${hash}`,
};
