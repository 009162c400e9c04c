import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queueEmail } from "@slotwise/db";
import { seal } from "@slotwise/db/testing";

import { createMailer, SMTP_POOL } from "../src/jobs/mailer.ts";
import { startWorker, type Worker } from "../src/jobs/worker.ts";
import { startApi, type Api } from "./harness.ts";
import { mailText, startSmtp } from "./smtp.ts";
import { until } from "./until.ts";

const EMAILS = 60;
let api: Api;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let workers: Worker[] = [];

beforeAll(async () => {
  api = await startApi();
  smtp = await startSmtp();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await smtp.stop();
});

/** The value of one header of a raw message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim();
}

describe("e-mail over a pooled SMTP transport", () => {
  it("sends each queued e-mail once, with its headers and body, from two workers at once", async () => {
    const demo = await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = new Date();
    const ids: number[] = [];
    await api.db.$transaction(async (tx) => {
      for (let i = 0; i < EMAILS; i++) {
        const id = await queueEmail(tx, {
          operatorId: demo.id,
          kind: "USAGE_THRESHOLD",
          dedupeKey: `pool-test:${i}`,
          to: `guest-${i}@example.com`,
          subject: `Pooled message ${i}`,
          text: `Hello guest ${i}, this is message ${i} of the pool test.`,
          sendAfter: now,
          createdAt: now,
        });
        ids.push(id!);
      }
    });

    workers = await Promise.all(
      [1, 2].map(() =>
        startWorker({
          db: seal(api.db),
          databaseUrl: api.databaseUrl,
          mailer: createMailer(smtp.url, "Slotwise <mail@slotwise.test>"),
          now: () => new Date(),
          log: { info: () => undefined, error: () => undefined },
          intervalMs: 200,
        }),
      ),
    );

    await until(
      async () => (await api.db.outboxEmail.count({ where: { id: { in: ids }, status: "SENT" } })) === EMAILS,
    );
    const sent = await api.db.outboxEmail.findMany({ where: { id: { in: ids } } });
    // Whatever was sent twice would have arrived by now: each send waits for the server's answer.
    expect(sent).toHaveLength(EMAILS);
    const ofTest = smtp.received.filter((m) => ids.some((id) => m.messageId === `<outbox-${id}@slotwise.mail>`));
    expect(ofTest).toHaveLength(EMAILS);
    // Pooled: each worker reuses a few open connections instead of one per message.
    expect(smtp.connections()).toBeLessThanOrEqual(2 * SMTP_POOL.maxConnections);
    for (const [i, id] of ids.entries()) {
      const mail = ofTest.find((m) => m.messageId === `<outbox-${id}@slotwise.mail>`)!;
      expect(header(mail.raw, "From")).toBe("Slotwise <mail@slotwise.test>");
      expect(header(mail.raw, "To")).toBe(`guest-${i}@example.com`);
      expect(header(mail.raw, "Subject")).toBe(`Pooled message ${i}`);
      expect(mailText(mail.raw)).toBe(`Hello guest ${i}, this is message ${i} of the pool test.`);
      expect(sent.find((r) => r.id === id)!.messageId).toBe(`<outbox-${id}@slotwise.mail>`);
    }
  });
});
