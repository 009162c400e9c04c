import { isStatementRefusal, postgresErrorOf } from "../errors/postgres-error.ts";
import type { Db } from "../tx.ts";
import { recordUsageTogether, type GroupedEntry } from "./record-usage-together.ts";
import { recordedUnderEventIds, recordUsage, type RecordedUsage } from "./record-usage.ts";

export interface UsageWriter {
  /** Records one entry (without an Idempotency-Key) once it is durable: as `recordUsage` does, but grouped. */
  record(entry: GroupedEntry): Promise<{ entry: RecordedUsage; replayed: boolean }>;
}

interface Waiting {
  entry: GroupedEntry;
  resolve: (result: { entry: RecordedUsage; replayed: boolean }) => void;
  reject: (error: unknown) => void;
}

export interface UsageWriterOptions {
  /**
   * `false`: no group commit, each entry its own INSERT (`recordUsage`, as with an
   * Idempotency-Key), and `onStatement` never told. On-call's switch (USAGE_GROUP_COMMIT=off).
   */
  groupCommit?: boolean;
  /** Statements in flight at once: also the most connections usage writes take from the pool. */
  inFlight?: number;
  /** Entries in one statement at most. */
  groupSize?: number;
  /** Told how many entries each statement carried (1 when alone), for the metrics. */
  onStatement?: (entries: number) => void;
}

/**
 * Group commit for single usage entries. An entry is written at once when a statement slot
 * is free; entries that arrive while every slot is busy wait and go in together, in one
 * statement, when one frees. So a quiet service adds no delay, and a busy one commits one
 * statement per group instead of one per request: what limits single entries is then the
 * requests, not the commits. Each caller is answered after its group commits, and whatever
 * happens a group holds one connection at a time.
 */
export function createUsageWriter(db: Db, options: UsageWriterOptions = {}): UsageWriter {
  if (options.groupCommit === false) return { record: (entry) => recordUsage(db, entry) };
  const inFlight = options.inFlight ?? 2;
  const groupSize = options.groupSize ?? 500;
  const waiting: Waiting[] = [];
  let busy = 0;

  async function writeOneByOne(group: readonly Waiting[]): Promise<void> {
    for (const w of group) await recordUsage(db, w.entry).then(w.resolve, w.reject);
  }

  async function write(group: Waiting[]): Promise<void> {
    options.onStatement?.(group.length);
    if (group.length === 1) return writeOneByOne(group);
    let rows: (RecordedUsage | null)[];
    try {
      rows = await recordUsageTogether(
        db,
        group.map((w) => w.entry),
      );
    } catch (error) {
      // PostgreSQL refused the statement: autocommitted, it wrote nothing, and one entry (or a
      // deadlock, a cancelled query) must not fail the others. Otherwise (a lost connection, a
      // terminated backend) the commit may have happened: writing again could record entries
      // twice, so every caller gets the error, as it would alone.
      const refusal = postgresErrorOf(error);
      if (refusal && isStatementRefusal(refusal)) await writeOneByOne(group);
      else for (const w of group) w.reject(error);
      return;
    }
    const repeats: Waiting[] = [];
    group.forEach((w, i) => {
      const row = rows[i];
      if (row) w.resolve({ entry: row, replayed: false });
      else repeats.push(w);
    });
    if (repeats.length > 0) await answerRepeats(repeats);
  }

  /** Entries skipped for an EventID already recorded: answered with that entry, as a replay. */
  async function answerRepeats(repeats: readonly Waiting[]): Promise<void> {
    const named = repeats.map((w) => ({ operatorId: w.entry.operatorId, eventId: w.entry.eventId ?? "" }));
    let earlier: (RecordedUsage | null)[];
    try {
      earlier = await recordedUnderEventIds(db, named);
    } catch (error) {
      for (const w of repeats) w.reject(error);
      return;
    }
    const unfound: Waiting[] = [];
    repeats.forEach((w, i) => {
      const entry = earlier[i];
      if (entry) w.resolve({ entry, replayed: true });
      else unfound.push(w);
    });
    // Not there after all (its first writer's statement rolled back meanwhile): written alone.
    await writeOneByOne(unfound);
  }

  function drain(): void {
    while (busy < inFlight && waiting.length > 0) {
      busy++;
      void write(waiting.splice(0, groupSize)).finally(() => {
        busy--;
        drain();
      });
    }
  }

  return {
    record: (entry) =>
      new Promise((resolve, reject) => {
        waiting.push({ entry, resolve, reject });
        drain();
      }),
  };
}
