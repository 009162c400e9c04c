import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";

import { CHANGES_CHANNEL } from "@slotwise/db";
import type { Client } from "@slotwise/db/testing";

/**
 * The API hears of changes made outside it (here: by a test's own queries) through
 * PostgreSQL's notifications, a moment after they commit. Notifications arrive in commit
 * order, so once the API has heard one sent now, it has heard every change committed before.
 */
export function changeBarrier(db: Client) {
  const waiting = new Map<string, () => void>();
  return {
    heard(topic: string): void {
      waiting.get(topic)?.();
    },
    async settle(timeoutMs = 5_000): Promise<void> {
      const topic = `test-barrier:${randomUUID()}`;
      const heard = new Promise<void>((resolve) => waiting.set(topic, resolve));
      try {
        await db.$executeRaw`SELECT pg_notify(${CHANGES_CHANNEL}, ${topic})`;
        await Promise.race([heard, delay(timeoutMs)]);
      } finally {
        waiting.delete(topic);
      }
    },
  };
}
