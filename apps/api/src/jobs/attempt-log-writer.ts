import { recordWebhookAttempts, type Database, type WebhookAttemptRecord } from "@slotwise/db";

import { writtenTogether } from "./written-together.ts";

/**
 * Writes ended webhook attempts to the log, those that end together in one statement
 * (writtenTogether). `write` settles once its attempt is recorded, so the next delivery of its
 * subject is due only after that.
 */
export function attemptLogWriter(db: Database) {
  return writtenTogether((records: WebhookAttemptRecord[]) => recordWebhookAttempts(db, records));
}
