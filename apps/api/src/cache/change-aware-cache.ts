import { listenForChanges, type ChangeFeed } from "@slotwise/db";

import { ReadCache } from "./read-cache.ts";

export interface ChangeAwareCacheOptions {
  ttlMs?: number;
  /** Told of every announcement after the cache has acted on it. */
  onChange?: (topic: string) => void;
}

/** A ReadCache kept in step with the database's change announcements. */
export function changeAwareCache(
  databaseUrl: string,
  options: ChangeAwareCacheOptions = {},
): { cache: ReadCache; feed: ChangeFeed } {
  const cache = new ReadCache(options.ttlMs ?? 30_000);
  const feed = listenForChanges(databaseUrl, {
    onChange: (topic) => {
      cache.invalidate(topic);
      options.onChange?.(topic);
    },
    onGap: () => {
      cache.setLive(false);
    },
    onLive: () => {
      cache.setLive(true);
    },
  });
  return { cache, feed };
}
