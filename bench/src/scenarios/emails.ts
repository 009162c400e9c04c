import { SMTPServer } from "smtp-server";

import { freePort } from "@slotwise/db/testing";

import type { BenchStack } from "../stack.ts";
import { startCatalogueDatabase } from "./catalogue-database.ts";

/** How long the sends may take before the bench stops waiting. */
const WAIT_MS = 60_000;

export interface EmailsResult {
  /** E-mails committed to the outbox at once, and Message-IDs the SMTP server received. */
  queued: number;
  received: number;
  /** Outbox e-mails that arrived exactly once, none more than once, and none that arrived unqueued. */
  arrivedOnce: number;
  duplicated: number;
  unknown: number;
  emails_per_s: number;
}

/** A local SMTP server that accepts every message and counts its Message-IDs. */
async function startSmtp() {
  const seen = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4_096) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "";
        seen.set(id, (seen.get(id) ?? 0) + 1);
        received++;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    seen,
    received: () => received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * E-mails per second from one worker to a local SMTP server: on a database of its own, an API
 * process running the worker with SMTP_URL set; `queued` booking confirmations committed to the
 * outbox at once, counted from the INSERT that commits them to the last arrival, each checked to arrive exactly
 * once by its Message-ID (the worker derives it from the outbox row).
 */
export async function emailThroughput(stack: BenchStack, queued: number): Promise<EmailsResult> {
  const smtp = await startSmtp();
  try {
    const cat = await startCatalogueDatabase(stack, { WORKER: "on", SMTP_URL: smtp.url });
    try {
      const start = performance.now();
      const ids = await cat.db.$queryRaw<{ id: number }[]>`
        INSERT INTO outbox_emails (operator_id, kind, dedupe_key, to_address, subject, text_body)
        SELECT ${cat.operatorId}, 'BOOKING_CONFIRMATION', 'bench-email-' || g, 'guest' || g || '@example.com',
               'Your booking ' || g, 'Thank you for booking. Reference ' || g || '.'
          FROM generate_series(1, ${queued}::int) g
        RETURNING id`;
      const deadline = start + WAIT_MS;
      while (smtp.received() < queued && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const elapsed = performance.now() - start;
      const expected = new Set(ids.map((r) => `<outbox-${r.id}@slotwise.mail>`));
      let arrivedOnce = 0;
      let duplicated = 0;
      let unknown = 0;
      for (const [id, count] of smtp.seen) {
        if (!expected.has(id)) unknown += count;
        else if (count === 1) arrivedOnce++;
        else duplicated++;
      }
      return {
        queued: ids.length,
        received: smtp.received(),
        arrivedOnce,
        duplicated,
        unknown,
        emails_per_s: smtp.received() / (elapsed / 1_000),
      };
    } finally {
      await cat.stop();
    }
  } finally {
    await smtp.stop();
  }
}
