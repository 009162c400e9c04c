import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";
import { recordBuiltInUsages, type BuiltInUsage } from "../usage/record-usage.ts";

/** An e-mail the transport accepted, under the Message-ID it gave. */
export interface SentEmail {
  id: number;
  messageId: string | null;
}

interface SentRow {
  id: number;
  operatorId: number;
  kind: string;
  waitlistId: number | null;
  multiBookingId: string | null;
}

/**
 * Marks outbox e-mails sent and records their built-in meters in the same transaction:
 * `waitlist-notified` for a waitlist notification, `workflow-email-sent` for the workflow
 * e-mails (confirmation, reminder). A usage-threshold or endpoint-disabled e-mail is the
 * platform talking to the operator, no workflow of theirs, so it meters nothing (and a threshold
 * on `workflow-email-sent` cannot feed itself). Each meter's dedupe key is its e-mail's id, so a
 * send retried after a crash between sending and this call still counts once. Three statements
 * whatever the number of e-mails: a worker marks a batch at once. An e-mail withdrawn while it
 * was sent (a cancelled booking's reminder) has no row left to mark, and a waitlist e-mail whose
 * entry is gone has nothing to meter it by: each is left out, never failing the others.
 */
export async function markEmailsSentInTx(tx: Tx, sent: readonly SentEmail[], sentAt: Date): Promise<void> {
  if (sent.length === 0) return;
  const ids = sent.map((s) => s.id);
  const rows = await tx.$queryRaw<SentRow[]>`
    SELECT e.id, e.operator_id AS "operatorId", e.kind::text AS kind,
           w.id AS "waitlistId", w.multi_booking_id AS "multiBookingId"
      FROM outbox_emails e LEFT JOIN waitlist_entries w ON w.id = e.waitlist_entry_id
     WHERE e.id = ANY(${ids}::int[])`;
  if (rows.length === 0) return;
  await tx.$executeRaw`
    UPDATE outbox_emails e SET status = 'SENT', sent_at = ${sentAt}, message_id = s.message_id, last_error = NULL
      FROM unnest(${ids}::int[], ${sent.map((s) => s.messageId)}::text[]) AS s(id, message_id)
     WHERE e.id = s.id AND e.status <> 'SENT'`;
  await recordBuiltInUsages(
    tx,
    rows.flatMap((row) => meterOf(row, sentAt)),
  );
}

function meterOf(row: SentRow, sentAt: Date): BuiltInUsage[] {
  const base = { operatorId: row.operatorId, occurredAt: sentAt, dedupeKey: `email:${row.id}` };
  // Notices to the operator itself are not its workflow e-mails, and are not metered.
  if (row.kind === "USAGE_THRESHOLD" || row.kind === "WEBHOOK_DISABLED") return [];
  if (row.kind === "WAITLIST_NOTIFICATION") {
    if (row.waitlistId === null || row.multiBookingId === null) return [];
    const event = { waitlistId: row.waitlistId, multiBookingId: row.multiBookingId };
    return [{ ...base, meter: "waitlist-notified", event }];
  }
  return [{ ...base, meter: "workflow-email-sent", event: {} }];
}

/** Marks one e-mail sent (see markEmailsSentInTx). */
export function markEmailSentInTx(tx: Tx, emailId: number, sentAt: Date, messageId: string | null): Promise<void> {
  return markEmailsSentInTx(tx, [{ id: emailId, messageId }], sentAt);
}

/** Marks e-mails sent in a transaction of their own (see markEmailsSentInTx). */
export function markEmailsSent(db: Database, sent: readonly SentEmail[], sentAt: Date): Promise<void> {
  return db.$transaction((tx) => markEmailsSentInTx(tx, sent, sentAt));
}
