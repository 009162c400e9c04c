import { recordWebhookAttempts, type Database, type WebhookAttemptRecord } from "@slotwise/db";

interface Waiting {
  record: WebhookAttemptRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes ended webhook attempts to the log one statement at a time, each carrying every attempt
 * that ended while the one before it was written: under load a statement records many
 * deliveries, and an attempt alone is written at once. `write` settles once its attempt is
 * recorded, so the next delivery of its subject is due only after that.
 */
export function attemptLogWriter(db: Database) {
  let waiting: Waiting[] = [];
  let writing = false;
  const flush = (): void => {
    if (writing || waiting.length === 0) return;
    writing = true;
    const batch = waiting;
    waiting = [];
    recordWebhookAttempts(
      db,
      batch.map((w) => w.record),
    )
      .then(
        () => {
          for (const w of batch) w.resolve();
        },
        (error: unknown) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        writing = false;
        flush();
      });
  };
  return {
    write: (record: WebhookAttemptRecord): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ record, resolve, reject });
        flush();
      }),
  };
}
