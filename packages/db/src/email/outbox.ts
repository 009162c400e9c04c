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

/**
 * Claims a due e-mail for one send attempt: counts the attempt and moves `send_after` a
 * lease ahead, in one conditional UPDATE. While the lease runs no other worker can claim it;
 * if this worker dies, the e-mail is due again when the lease ends. Returns the attempt
 * number, or null when the e-mail is not due (sent, failed, or claimed by someone else).
 */
export async function claimEmailSend(db: Db, emailId: number, now: Date, leaseSeconds: number): Promise<number | null> {
  const rows = await db.$queryRaw<{ attempts: number }[]>`
    UPDATE outbox_emails SET attempts = attempts + 1, send_after = ${new Date(now.getTime() + leaseSeconds * 1000)}
     WHERE id = ${emailId} AND status = 'QUEUED' AND send_after <= ${now}
    RETURNING attempts`;
  return rows[0]?.attempts ?? null;
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

export function findOutboxEmail(db: Db, emailId: number) {
  return db.outboxEmail.findUnique({ where: { id: emailId } });
}
