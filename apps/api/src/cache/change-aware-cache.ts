import { listenForChanges, type ChangeFeed } from "@slotwise/db";
import { ReadCache } from "./read-cache.ts";

/** A ReadCache kept in step with the database's change announcements. */
export function changeAwareCache(databaseUrl: string, ttlMs = 30_000): { cache: ReadCache; feed: ChangeFeed } {
  const cache = new ReadCache(ttlMs);
  const feed = listenForChanges(databaseUrl, {
    onChange: (topic) => {
      cache.invalidate(topic);
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
