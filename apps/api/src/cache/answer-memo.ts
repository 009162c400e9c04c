import type { ReadCache } from "./read-cache.ts";
import type { ReadTrail } from "./read-trail.ts";

/** A successful answer as sent: its body, ETag and the headers that describe it. */
export interface KeptAnswer {
  body: string;
  etag: string;
  headers: Record<string, string>;
}

interface Entry extends KeptAnswer {
  keyId: number;
  trail: ReadTrail;
  expires: number;
  bytes: number;
}

export interface AnswerMemoBounds {
  maxEntries: number;
  /** Body bytes (UTF-16 code units) kept at most, over all entries. */
  maxBytes: number;
  /** Entries one API key may hold at most: one partner's made-up URLs cannot push out the others'. */
  maxPerKey: number;
  /** Longer request targets are not kept. */
  maxUrlLength: number;
  /** An answer is not kept longer than this, whatever was heard of changes. */
  ttlMs: number;
}

const DEFAULT_BOUNDS: AnswerMemoBounds = {
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
  maxPerKey: 1_000,
  maxUrlLength: 1_024,
  ttlMs: 30_000,
};

/**
 * Whole answers of the partner GETs built from cached reads alone (products, a day's
 * timeslots), kept per API key and request target, so that a repeated poll is answered
 * without routing it through the procedure: no input parsing, no output validation, no
 * serialization, no hashing. An answer stands while every read it was built from stands (the
 * generations in its `ReadTrail`, which the change feed moves on), until the clock alone would
 * change it (`changesAt`), and `ttlMs` at most. The key is authenticated on every request
 * all the same, by the caller.
 */
export class AnswerMemo {
  readonly #entries = new Map<string, Entry>();
  readonly #idsByKey = new Map<number, Set<string>>();
  readonly #bounds: AnswerMemoBounds;
  #bytes = 0;

  constructor(
    private readonly cache: ReadCache,
    bounds: Partial<AnswerMemoBounds> = {},
  ) {
    this.#bounds = { ...DEFAULT_BOUNDS, ...bounds };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The answer kept for this key and target, if it still stands. */
  find(keyId: number, url: string, now: number): KeptAnswer | undefined {
    const id = `${keyId} ${url}`;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expires > now && this.#stands(entry.trail)) return entry;
    this.#forget(id);
    return undefined;
  }

  keep(keyId: number, url: string, trail: ReadTrail, answer: KeptAnswer, changesAt: Date | null, now: number): void {
    const bytes = answer.body.length;
    const { maxEntries, maxBytes, maxPerKey, maxUrlLength, ttlMs } = this.#bounds;
    if (url.length > maxUrlLength || bytes > maxBytes / 16 || !this.#stands(trail)) return;
    const expires = Math.min(now + ttlMs, changesAt?.getTime() ?? Infinity);
    if (expires <= now) return;
    const id = `${keyId} ${url}`;
    this.#forget(id);
    let ids = this.#idsByKey.get(keyId);
    if (!ids) this.#idsByKey.set(keyId, (ids = new Set()));
    // Oldest first, this key's own before anyone else's: Maps and Sets iterate in insertion order.
    while (ids.size >= maxPerKey) this.#forget(ids.values().next().value as string);
    while (this.#entries.size >= maxEntries || this.#bytes + bytes > maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
    this.#entries.set(id, { ...answer, keyId, trail, expires, bytes });
    ids.add(id);
    this.#bytes += bytes;
  }

  #stands(trail: ReadTrail): boolean {
    if (!this.cache.live || trail.epoch !== this.cache.epoch || trail.tags.size === 0) return false;
    for (const [tag, generation] of trail.tags) if (this.cache.generation(tag) !== generation) return false;
    return true;
  }

  #forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
    const ids = this.#idsByKey.get(entry.keyId);
    ids?.delete(id);
    if (ids?.size === 0) this.#idsByKey.delete(entry.keyId);
  }
}
