import { changeAnnouncer, listenForChanges, type ChangeFeed } from "@slotwise/db";

import { ReadCache } from "./read-cache.ts";

export interface ChangeAwareCacheOptions {
  ttlMs?: number;
  /** See listenForChanges. */
  pollMs?: number;
  /** Told of every announcement after the cache has acted on it. */
  onChange?: (topic: string) => void;
  /** An announcement of this process's own change could not be sent (the change log makes up for it). */
  onAnnounceError?: (error: unknown) => void;
}

/** A ReadCache kept in step with the database's changes, announcing its own process's. */
export function changeAwareCache(
  databaseUrl: string,
  options: ChangeAwareCacheOptions = {},
): { cache: ReadCache; feed: ChangeFeed } {
  const announcer = changeAnnouncer(databaseUrl, options.onAnnounceError ?? (() => undefined));
  const cache = new ReadCache(options.ttlMs ?? 30_000, {}, (tag) => {
    announcer.announce(tag);
  });
  const feed = listenForChanges(
    databaseUrl,
    {
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
    },
    { pollMs: options.pollMs },
  );
  return {
    cache,
    feed: {
      close: async () => {
        await feed.close();
        await announcer.close();
      },
    },
  };
}
