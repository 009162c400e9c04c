import { isDataError, postgresErrorOf } from "../errors/postgres-error.ts";
import type { Db } from "../tx.ts";
import { recordUsageTogether } from "./record-usage-together.ts";
import { recordUsage, type RecordedUsage, type UsageRecordInput } from "./record-usage.ts";

export interface UsageWriter {
  /** Records one entry (without an Idempotency-Key) once it is durable: as `recordUsage` does, but grouped. */
  record(entry: UsageRecordInput): Promise<{ entry: RecordedUsage; replayed: boolean }>;
}

interface Waiting {
  entry: UsageRecordInput;
  resolve: (result: { entry: RecordedUsage; replayed: boolean }) => void;
  reject: (error: unknown) => void;
}

export interface UsageWriterOptions {
  /** Statements in flight at once: also the most connections usage writes take from the pool. */
  inFlight?: number;
  /** Entries in one statement at most. */
  groupSize?: number;
}

/**
 * Group commit for single usage entries. An entry is written at once when a statement slot
 * is free; entries that arrive while every slot is busy wait and go in together, in one
 * statement, when one frees. So a quiet service adds no delay, and a busy one commits one
 * statement per group instead of one per request: what limits single entries is then the
 * requests, not the commits. Each caller is answered after its group commits.
 */
export function createUsageWriter(db: Db, options: UsageWriterOptions = {}): UsageWriter {
  const inFlight = options.inFlight ?? 2;
  const groupSize = options.groupSize ?? 500;
  const waiting: Waiting[] = [];
  let busy = 0;

  const writeAlone = (w: Waiting) => recordUsage(db, w.entry).then(w.resolve, w.reject);

  async function write(group: Waiting[]): Promise<void> {
    if (group.length === 1) return writeAlone(group[0] as Waiting);
    let rows: (RecordedUsage | null)[];
    try {
      rows = await recordUsageTogether(
        db,
        group.map((w) => w.entry),
      );
    } catch (error) {
      // Refused for its data, the statement wrote nothing: one entry must not fail the others.
      // Any other failure (a lost connection, say) may have come after the commit, and writing
      // again could record entries twice: every caller gets the error, as it would alone.
      const refusal = postgresErrorOf(error);
      if (refusal && isDataError(refusal)) await Promise.all(group.map(writeAlone));
      else for (const w of group) w.reject(error);
      return;
    }
    // A skipped entry repeats an EventID: looked up (and answered as a replay) on its own.
    const repeats: Promise<void>[] = [];
    group.forEach((w, i) => {
      const row = rows[i];
      if (row) w.resolve({ entry: row, replayed: false });
      else repeats.push(writeAlone(w));
    });
    await Promise.all(repeats);
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
