import nodemailer from "nodemailer";

export interface OutgoingEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `smtp` delivers; `outbox` keeps the message in the outbox the console shows. */
  kind: "smtp" | "outbox";
  send(email: OutgoingEmail): Promise<string>;
  close(): void;
}

/** SMTP connections a worker keeps open, and messages sent over one before it is renewed. */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100 };

/**
 * nodemailer over pooled SMTP when `smtpUrl` is set (connections stay open and are reused,
 * so a message costs one SMTP transaction, not a connection and a greeting; sends beyond the
 * open connections wait for one); otherwise nodemailer's JSON transport, which builds the
 * message completely but delivers it nowhere: the outbox row is the copy. The Message-ID is
 * derived from the outbox row, so a message sent twice after a crash is recognisably the same
 * message to the receiving side.
 */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, ...SMTP_POOL })
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: smtpUrl ? "smtp" : "outbox",
    async send(email) {
      const info = (await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        messageId: `<outbox-${email.id}@slotwise.mail>`,
      })) as { messageId: string };
      return info.messageId;
    },
    close: () => {
      transport.close();
    },
  };
}
