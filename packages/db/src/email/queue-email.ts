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

/** Puts an e-mail in the outbox; the mail worker sends it. Returns its id, or null if it was queued before. */
export async function queueEmail(tx: Tx, email: EmailToQueue): Promise<number | null> {
  const [row] = await tx.outboxEmail.createManyAndReturn({
    data: [
      {
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
      },
    ],
    skipDuplicates: true,
    select: { id: true },
  });
  return row?.id ?? null;
}
