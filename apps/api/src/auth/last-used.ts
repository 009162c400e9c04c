import { recordKeyUse, type Database } from "@slotwise/db";

/**
 * Remembers when each key was last used and writes all of them in one statement every
 * `intervalMs`, so authentication costs no database write per request. At most one
 * interval of last-use times is lost if the process is killed.
 */
export class LastUsedTracker {
  private pending = new Map<number, Date>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    intervalMs = 30_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  touch(keyId: number, at: Date): void {
    this.pending.set(keyId, at);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await recordKeyUse(this.db, batch);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
