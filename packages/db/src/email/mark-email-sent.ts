import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";
import { recordBuiltInUsage } from "../usage/record-usage.ts";

/**
 * Marks an outbox e-mail sent and records its built-in meter in the same transaction:
 * `waitlist-notified` for a waitlist notification, `workflow-email-sent` for the workflow
 * e-mails (confirmation, reminder). A usage-threshold e-mail is the platform talking to the
 * operator, no workflow of theirs, so it meters nothing (and a threshold on
 * `workflow-email-sent` cannot feed itself). The meter's dedupe key is the e-mail's id, so a send retried after a crash
 * between sending and this call still counts once.
 */
export async function markEmailSentInTx(
  tx: Tx,
  emailId: number,
  sentAt: Date,
  messageId: string | null,
): Promise<void> {
  const email = await tx.outboxEmail.findUniqueOrThrow({ where: { id: emailId }, include: { waitlistEntry: true } });
  if (email.status !== "SENT") {
    await tx.outboxEmail.update({
      where: { id: emailId },
      data: { status: "SENT", sentAt, messageId, lastError: null },
    });
  }
  const dedupeKey = `email:${emailId}`;
  // Notices to the operator itself are not its workflow e-mails, and are not metered.
  if (email.kind === "USAGE_THRESHOLD" || email.kind === "WEBHOOK_DISABLED") return;
  if (email.kind === "WAITLIST_NOTIFICATION") {
    const entry = email.waitlistEntry;
    if (!entry) throw new Error(`Waitlist e-mail ${emailId} has no waitlist entry`);
    await recordBuiltInUsage(
      tx,
      email.operatorId,
      "waitlist-notified",
      { waitlistId: entry.id, multiBookingId: entry.multiBookingId },
      sentAt,
      dedupeKey,
    );
  } else {
    await recordBuiltInUsage(tx, email.operatorId, "workflow-email-sent", {}, sentAt, dedupeKey);
  }
}

/** Marks an e-mail sent in a transaction of its own (see markEmailSentInTx). */
export function markEmailSent(db: Database, emailId: number, sentAt: Date, messageId: string | null): Promise<void> {
  return db.$transaction((tx) => markEmailSentInTx(tx, emailId, sentAt, messageId));
}
