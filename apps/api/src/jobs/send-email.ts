import { claimEmailSend, findOutboxEmail, markEmailSent, noteSendFailure, type Database } from "@slotwise/db";

import type { Mailer } from "./mailer.ts";
import { withTicketLinks } from "./ticket-links.ts";

export type SendOutcome = "sent" | "already-sent" | "busy" | "gone" | "failed";

/**
 * One attempt at sending one outbox e-mail. The attempt is claimed (with a lease) before the
 * transport is called; the e-mail is marked sent, and its built-in meter recorded, in one
 * transaction once the transport has accepted it. A worker that dies in between leaves the
 * e-mail to be claimed again when the lease ends: it is then sent again (delivery is at
 * least once, with the same Message-ID) but the meter, keyed by the e-mail, counts it once.
 */
export async function sendOutboxEmail(
  db: Database,
  mailer: Mailer,
  emailId: number,
  now: () => Date,
  options: { leaseSeconds?: number; publicBaseUrl?: string | undefined } = {},
): Promise<SendOutcome> {
  const email = await findOutboxEmail(db, emailId);
  if (!email) return "gone";
  if (email.status === "SENT") {
    await markEmailSent(db, email.id, email.sentAt ?? now(), email.messageId);
    return "already-sent";
  }
  if (email.status !== "QUEUED") return "gone";
  const attempt = await claimEmailSend(db, email.id, now(), options.leaseSeconds ?? 120);
  if (attempt === null) return "busy";
  let messageId: string;
  try {
    const text = await withTicketLinks(db, email, options.publicBaseUrl);
    messageId = await mailer.send({ id: email.id, to: email.toAddress, subject: email.subject, text });
  } catch (error) {
    await noteSendFailure(db, email.id, error instanceof Error ? error.message : String(error), attempt, now());
    return "failed";
  }
  await markEmailSent(db, email.id, now(), messageId);
  return "sent";
}
