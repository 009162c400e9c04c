import type { EmailKind } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";

export interface EmailToQueue {
  operatorId: number;
  kind: EmailKind;
  /** Names the e-mail (`confirmation:BK-…`): queueing it twice keeps one. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  bookingId?: number;
  waitlistEntryId?: number;
  sendAfter: Date;
  createdAt: Date;
}

function outboxRow(email: EmailToQueue) {
  return {
    operatorId: email.operatorId,
    kind: email.kind,
    dedupeKey: email.dedupeKey,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    bookingId: email.bookingId ?? null,
    waitlistEntryId: email.waitlistEntryId ?? null,
    sendAfter: email.sendAfter,
    createdAt: email.createdAt,
  };
}

/** Puts e-mails in the outbox in one statement, each one unless it was queued before. */
export async function queueEmails(tx: Tx, emails: readonly EmailToQueue[]): Promise<void> {
  if (emails.length) await tx.outboxEmail.createMany({ data: emails.map(outboxRow), skipDuplicates: true });
}

/** Puts an e-mail in the outbox; the mail worker sends it. Returns its id, or null if it was queued before. */
export async function queueEmail(tx: Tx, email: EmailToQueue): Promise<number | null> {
  const [row] = await tx.outboxEmail.createManyAndReturn({
    data: [outboxRow(email)],
    skipDuplicates: true,
    select: { id: true },
  });
  return row?.id ?? null;
}
