import {
  claimEmailSends,
  findOutboxEmails,
  markEmailsSent,
  noteSendFailure,
  type Database,
  type SentEmail,
} from "@slotwise/db";

import type { Mailer } from "./mailer.ts";
import { withTicketLinks } from "./ticket-links.ts";
import { writtenTogether } from "./written-together.ts";

/**
 * `busy`: claimed by someone else, or not due yet. `unrecorded`: the transport accepted it but
 * marking it sent failed; it is sent again once its lease ends.
 */
export type SendOutcome = "sent" | "already-sent" | "busy" | "gone" | "failed" | "unrecorded";

export interface EmailSenderOptions {
  /** How long a send may take; a send of a worker that died is tried again after it. */
  leaseSeconds?: number;
  publicBaseUrl?: string | undefined;
}

/**
 * Sends outbox e-mails, one attempt each. The attempts are claimed (with a lease) before the
 * transport is called, all of a batch in one statement; each e-mail is marked sent, and its
 * built-in meter recorded, in one transaction once the transport has accepted it, with the
 * others accepted meanwhile (writtenTogether). A worker that dies in between leaves the e-mail
 * to be claimed again when the lease ends: it is then sent again (delivery is at least once,
 * with the same Message-ID) but the meter, keyed by the e-mail, counts it once.
 */
export function emailSender(db: Database, mailer: Mailer, now: () => Date, options: EmailSenderOptions = {}) {
  const marked = writtenTogether((sent: SentEmail[]) => markEmailsSent(db, sent, now()));

  async function notClaimed(emailIds: readonly number[], outcomes: Map<number, SendOutcome>): Promise<void> {
    const found = new Map((await findOutboxEmails(db, emailIds)).map((e) => [e.id, e]));
    for (const id of emailIds) {
      const email = found.get(id);
      if (email?.status === "SENT") {
        // Its job ran again after the send: the meter is recorded all the same, once.
        await markEmailsSent(db, [{ id, messageId: email.messageId }], email.sentAt ?? now());
        outcomes.set(id, "already-sent");
      } else outcomes.set(id, email?.status === "QUEUED" ? "busy" : "gone");
    }
  }

  return {
    async send(emailIds: readonly number[]): Promise<Map<number, SendOutcome>> {
      const outcomes = new Map<number, SendOutcome>();
      const claimed = await claimEmailSends(db, emailIds, now(), options.leaseSeconds ?? 120);
      const claimedIds = new Set(claimed.map((e) => e.id));
      const others = emailIds.filter((id) => !claimedIds.has(id));
      if (others.length) await notClaimed(others, outcomes);
      if (claimed.length === 0) return outcomes;
      let texts: Map<number, string>;
      try {
        texts = await withTicketLinks(db, claimed, options.publicBaseUrl);
      } catch (error) {
        for (const email of claimed) await failed(email.id, email.attempts, error, outcomes);
        return outcomes;
      }
      await Promise.all(
        claimed.map(async (email) => {
          let messageId: string;
          try {
            const text = texts.get(email.id) ?? email.textBody;
            messageId = await mailer.send({ id: email.id, to: email.toAddress, subject: email.subject, text });
          } catch (error) {
            await failed(email.id, email.attempts, error, outcomes);
            return;
          }
          try {
            await marked.write({ id: email.id, messageId });
            outcomes.set(email.id, "sent");
          } catch {
            outcomes.set(email.id, "unrecorded");
          }
        }),
      );
      return outcomes;
    },
  };

  async function failed(id: number, attempt: number, error: unknown, outcomes: Map<number, SendOutcome>) {
    outcomes.set(id, "failed");
    // Unnoted, the failure still ends with the lease: the e-mail is tried again then.
    await noteSendFailure(db, id, error instanceof Error ? error.message : String(error), attempt, now()).catch(
      () => undefined,
    );
  }
}

/** One attempt at sending one outbox e-mail (emailSender). */
export async function sendOutboxEmail(
  db: Database,
  mailer: Mailer,
  emailId: number,
  now: () => Date,
  options: EmailSenderOptions = {},
): Promise<SendOutcome> {
  const outcomes = await emailSender(db, mailer, now, options).send([emailId]);
  return outcomes.get(emailId) ?? "gone";
}
