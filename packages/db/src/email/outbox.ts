import type { Db } from "../tx.ts";

/** Queued e-mails whose time has come, oldest first. */
export function dueEmails(db: Db, now: Date, limit = 100) {
  return db.outboxEmail.findMany({
    where: { status: "QUEUED", sendAfter: { lte: now } },
    orderBy: [{ sendAfter: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
}

export const MAX_SEND_ATTEMPTS = 5;

/** A claimed e-mail: what sending it needs, and which attempt this is. */
export interface ClaimedEmail {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  bookingId: number | null;
  attempts: number;
}

/**
 * Claims due e-mails for one send attempt each: counts the attempt and moves `send_after` a
 * lease ahead, in one conditional UPDATE. While the lease runs no other worker can claim them;
 * if this worker dies, they are due again when the lease ends. Returns those claimed, with what
 * sending them needs; an e-mail not due (sent, failed, or claimed by someone else) is left out.
 */
export function claimEmailSends(
  db: Db,
  emailIds: readonly number[],
  now: Date,
  leaseSeconds: number,
): Promise<ClaimedEmail[]> {
  return db.$queryRaw<ClaimedEmail[]>`
    UPDATE outbox_emails SET attempts = attempts + 1, send_after = ${new Date(now.getTime() + leaseSeconds * 1000)}
     WHERE id = ANY(${emailIds}::int[]) AND status = 'QUEUED' AND send_after <= ${now}
    RETURNING id, kind::text AS kind, to_address AS "toAddress", subject, text_body AS "textBody",
              booking_id AS "bookingId", attempts`;
}

/** Records why a send failed and when to try again (30 s, doubling); after the last attempt the e-mail is FAILED. */
export async function noteSendFailure(
  db: Db,
  emailId: number,
  error: string,
  attempts: number,
  now: Date,
): Promise<void> {
  const retryAt = new Date(now.getTime() + 30_000 * 2 ** Math.max(0, attempts - 1));
  await db.outboxEmail.updateMany({
    where: { id: emailId, status: "QUEUED" },
    data: {
      lastError: error.slice(0, 2000),
      ...(attempts >= MAX_SEND_ATTEMPTS ? { status: "FAILED" } : { sendAfter: retryAt }),
    },
  });
}

/** The e-mails of these ids that exist, with their status and, once sent, when and as which message. */
export function findOutboxEmails(db: Db, emailIds: readonly number[]) {
  return db.outboxEmail.findMany({
    where: { id: { in: [...emailIds] } },
    select: { id: true, status: true, sentAt: true, messageId: true },
  });
}
