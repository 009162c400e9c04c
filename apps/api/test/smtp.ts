import { SMTPServer } from "smtp-server";

import { freePort } from "@slotwise/db/testing";

export interface ReceivedMail {
  raw: string;
  messageId: string | undefined;
}

/** A real SMTP server on a free port, keeping what it receives; `onMessage` may hold the reply back. */
export async function startSmtp(onMessage?: (mail: ReceivedMail) => "accept" | "hang") {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
