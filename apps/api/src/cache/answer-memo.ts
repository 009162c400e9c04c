import type { ReadCache } from "./read-cache.ts";
import type { ReadTrail } from "./read-trail.ts";

/** A successful answer as sent: its body, ETag and the headers that describe it. */
export interface KeptAnswer {
  body: string;
  /** The body's length in bytes, as sent. */
  length: number;
  etag: string;
  headers: Record<string, string>;
  /** The route's template, as metrics and logs label it (`routeLabel`). */
  route: string;
}

interface Entry extends KeptAnswer {
  key: string;
  trail: ReadTrail;
  expires: number;
  bytes: number;
}

export interface AnswerMemoBounds {
  maxEntries: number;
  /** Bytes kept at most, over all entries: bodies and targets counted as two-byte strings, plus each entry's fields. */
  maxBytes: number;
  /** Entries one API key may hold at most. */
  maxPerKey: number;
  /** Bytes one API key may hold at most: with `maxPerKey`, what one partner's made-up targets can take from the others. */
  maxBytesPerKey: number;
  /** Longer request targets are not kept. */
  maxUrlLength: number;
  /** An answer is not kept longer than this, whatever was heard of changes. */
  ttlMs: number;
  /** How often answers past their time are dropped, looked up or not: held this much longer at most. */
  sweepEveryMs: number;
}

const DEFAULT_BOUNDS: AnswerMemoBounds = {
  maxEntries: 10_000,
  maxBytes: 32 * 1024 * 1024,
  maxPerKey: 1_000,
  maxBytesPerKey: 4 * 1024 * 1024,
  maxUrlLength: 1_024,
  ttlMs: 30_000,
  sweepEveryMs: 5_000,
};

/**
 * Whole answers of the partner GETs built from cached reads alone (products, a day's
 * timeslots), kept per API key (by its hash) and request target, so that a repeated poll is answered
 * without routing it through the procedure: no input parsing, no output validation, no
 * serialization, no hashing. An answer stands while every read it was built from stands (the
 * generations in its `ReadTrail`, which the change feed moves on), until the clock alone would
 * change it (`changesAt`), and `ttlMs` at most. The key is authenticated on every request
 * all the same, by the caller.
 *
 * Answers past their time are dropped when looked up, and otherwise by a sweep every
 * `sweepEveryMs` (an unref'd timer, cleared by `close`, costing requests nothing), so that
 * targets polled once do not hold their memory until pushed out.
 */
export class AnswerMemo {
  readonly #entries = new Map<string, Entry>();
  readonly #idsByKey = new Map<string, Set<string>>();
  readonly #bytesByKey = new Map<string, number>();
  readonly #bounds: AnswerMemoBounds;
  readonly #sweeper: NodeJS.Timeout;
  #bytes = 0;

  /** `now`: the sweep's clock, the one callers pass to `find` and `keep`. */
  constructor(
    private readonly cache: ReadCache,
    bounds: Partial<AnswerMemoBounds> = {},
    now: () => number = Date.now,
  ) {
    this.#bounds = { ...DEFAULT_BOUNDS, ...bounds };
    // The timer holds the memo weakly: one nobody closes can still be collected, and its timer then ends.
    const memo = new WeakRef(this);
    const sweeper = setInterval(() => {
      const alive = memo.deref();
      if (alive) alive.sweep(now());
      else clearInterval(sweeper);
    }, this.#bounds.sweepEveryMs);
    sweeper.unref();
    this.#sweeper = sweeper;
  }

  /** Stops the sweep (the server is closing); what is held stays until the memo goes. */
  close(): void {
    clearInterval(this.#sweeper);
  }

  /** Drops every answer past its time: what `find` would drop, without waiting for a lookup. */
  sweep(now: number): void {
    // Deleting the entry just visited does not disturb a Map's iteration.
    for (const [id, entry] of this.#entries) if (entry.expires <= now) this.#forget(id);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the kept answers are counted as (see `keep`). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The answer kept for this key and target, if it still stands. */
  find(key: string, url: string, now: number): KeptAnswer | undefined {
    const id = `${key} ${url}`;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (entry.expires > now && this.#stands(entry.trail)) return entry;
    this.#forget(id);
    return undefined;
  }

  keep(key: string, url: string, trail: ReadTrail, answer: KeptAnswer, changesAt: Date | null, now: number): void {
    // What V8 may take for the body and the target, kept twice (a two-byte string holds 2 bytes
    // a character), and the entry's own fields.
    const bytes = 2 * (answer.body.length + 2 * url.length) + 512;
    const { maxEntries, maxBytes, maxPerKey, maxBytesPerKey, maxUrlLength, ttlMs } = this.#bounds;
    if (url.length > maxUrlLength || bytes > maxBytesPerKey / 4 || !this.#stands(trail)) return;
    const expires = Math.min(now + ttlMs, changesAt?.getTime() ?? Infinity);
    if (expires <= now) return;
    const id = `${key} ${url}`;
    this.#forget(id);
    let ids = this.#idsByKey.get(key);
    if (!ids) this.#idsByKey.set(key, (ids = new Set()));
    // Oldest first, this key's own before anyone else's: Maps and Sets iterate in insertion order.
    while (ids.size > 0 && (ids.size >= maxPerKey || (this.#bytesByKey.get(key) ?? 0) + bytes > maxBytesPerKey)) {
      this.#forget(ids.values().next().value as string);
    }
    while (this.#entries.size >= maxEntries || this.#bytes + bytes > maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#forget(oldest.value);
    }
    this.#entries.set(id, { ...answer, key, trail, expires, bytes });
    ids.add(id);
    this.#bytes += bytes;
    this.#bytesByKey.set(key, (this.#bytesByKey.get(key) ?? 0) + bytes);
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
    const ids = this.#idsByKey.get(entry.key);
    ids?.delete(id);
    if (ids?.size === 0) {
      this.#idsByKey.delete(entry.key);
      this.#bytesByKey.delete(entry.key);
    } else this.#bytesByKey.set(entry.key, (this.#bytesByKey.get(entry.key) ?? 0) - entry.bytes);
  }
}
