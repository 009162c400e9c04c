import { SMTPServer } from "smtp-server";

import { freePort } from "@slotwise/db/testing";

export interface ReceivedMail {
  raw: string;
  messageId: string | undefined;
}

/**
 * The text a reader sees in a single-part mail: the body after the headers, undone from the
 * quoted-printable or base64 transfer encoding nodemailer picks for long or non-ASCII lines.
 */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

/** A real SMTP server on a free port, keeping what it receives; `onMessage` may hold the reply back. */
export async function startSmtp(onMessage?: (mail: ReceivedMail) => "accept" | "hang") {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const mail = { raw, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] };
        received.push(mail);
        if ((onMessage?.(mail) ?? "accept") === "accept") callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** SMTP connections opened to the server so far. */
    connections: () => connections,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
