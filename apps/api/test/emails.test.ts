import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seal } from "@slotwise/db/testing";
import { spawnApi } from "@slotwise/testing/processes";

import { createMailer, type Mailer } from "../src/jobs/mailer.ts";
import { emailSender, sendOutboxEmail } from "../src/jobs/send-email.ts";
import { startWorker } from "../src/jobs/worker.ts";
import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, PUBLIC_BASE, startApi, type Api } from "./harness.ts";
import { mailText, startSmtp } from "./smtp.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

const silent = { info: () => undefined, error: () => undefined };

async function partnerBooking(email: string) {
  const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk" });
  const response = await api.request(`${OTA}/booking`, {
    method: "POST",
    key,
    json: bookingBody(info, { Customer: { FirstName: "Mia", LastName: "Ito", Email: email, Phone: "+447700900123" } }),
  });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: { Reference: string } };
  return api.db.booking.findUniqueOrThrow({
    where: { reference: data.Reference },
    include: { emails: { orderBy: { id: "asc" } } },
  });
}

async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const metered = (emailId: number) => api.db.usageEntry.count({ where: { dedupeKey: `email:${emailId}` } });

describe("workflow e-mails", () => {
  it("queue a confirmation and a reminder with every booking; the worker sends the confirmation over SMTP and meters it", async () => {
    const smtp = await startSmtp();
    const worker = await startWorker({
      db: seal(api.db),
      databaseUrl: api.databaseUrl,
      mailer: createMailer(smtp.url, "Test <t@slotwise.test>"),
      now: () => new Date(),
      log: silent,
      intervalMs: 200,
    });
    try {
      const booking = await partnerBooking("mia@example.com");
      expect(booking.emails.map((e) => e.kind)).toEqual(["BOOKING_CONFIRMATION", "BOOKING_REMINDER"]);
      const [confirmation, reminder] = booking.emails;
      expect(reminder!.sendAfter.getTime()).toBe(booking.startsAt.getTime() - 24 * 3_600_000);
      const sent = await until(async () => {
        const e = await api.db.outboxEmail.findUniqueOrThrow({ where: { id: confirmation!.id } });
        return e.status === "SENT" && e;
      });
      expect(sent.messageId).toBe(`<outbox-${confirmation!.id}@slotwise.mail>`);
      expect(smtp.received.filter((m) => m.messageId === sent.messageId)).toHaveLength(1);
      expect(smtp.received.find((m) => m.messageId === sent.messageId)?.raw).toContain(booking.reference);
      const meter = await api.db.usageEntry.findFirstOrThrow({ where: { dedupeKey: `email:${confirmation!.id}` } });
      expect(meter).toMatchObject({ meter: "workflow-email-sent", extraInfo: null });
      expect(meter.usage.toString()).toBe("1");
      expect((await api.db.outboxEmail.findUniqueOrThrow({ where: { id: reminder!.id } })).status).toBe("QUEUED");
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  it("link every ticket of the booking in the confirmation", async () => {
    const smtp = await startSmtp();
    try {
      const info = await openSlot(api.db, { free: 3, party: 3 });
      const response = await api.request(`${OTA}/booking`, {
        method: "POST",
        key,
        json: bookingBody(info, {
          Participants: 3,
          Customer: { FirstName: "Ravi", LastName: "Rao", Email: "ravi@example.com", Phone: "+447700900124" },
        }),
      });
      expect(response.status).toBe(201);
      const { data } = (await response.json()) as { data: { Reference: string; Tickets: { Url: string }[] } };
      expect(data.Tickets).toHaveLength(3);
      const confirmation = await api.db.outboxEmail.findFirstOrThrow({
        where: { booking: { reference: data.Reference }, kind: "BOOKING_CONFIRMATION" },
      });
      const mailer = createMailer(smtp.url, "Test <t@slotwise.test>");
      const outcome = await sendOutboxEmail(seal(api.db), mailer, confirmation.id, () => new Date(), {
        publicBaseUrl: PUBLIC_BASE,
      });
      // The pooled transport keeps its connection open until closed; the server waits for it to stop.
      mailer.close();
      expect(outcome).toBe("sent");
      const text = mailText(smtp.received.at(-1)!.raw);
      expect(text).toContain(data.Reference);
      for (const ticket of data.Tickets) expect(text).toContain(ticket.Url);
      expect(text.match(new RegExp(`${PUBLIC_BASE}/api/v2/tickets/`, "g"))).toHaveLength(3);
    } finally {
      await smtp.stop();
    }
  });

  it("send and meter once when the job runs twice, at the same moment and again later", async () => {
    const booking = await partnerBooking("twice@example.com");
    const email = booking.emails[0]!;
    const mailer = createMailer(undefined, "t@slotwise.test");
    const [first, second] = await Promise.all([
      sendOutboxEmail(seal(api.db), mailer, email.id, () => new Date()),
      sendOutboxEmail(seal(api.db), mailer, email.id, () => new Date()),
    ]);
    expect([first, second].sort()).toEqual(["busy", "sent"]);
    expect(await sendOutboxEmail(seal(api.db), mailer, email.id, () => new Date())).toBe("already-sent");
    expect(await metered(email.id)).toBe(1);
  });

  it("send a batch over SMTP with one outcome per e-mail: sent, already sent, not due, gone", async () => {
    const smtp = await startSmtp();
    const mailer = createMailer(smtp.url, "Test <t@slotwise.test>");
    try {
      const [a, b, earlier, later] = await Promise.all(
        ["a", "b", "earlier", "later"].map((name) => partnerBooking(`${name}@example.com`)),
      );
      const confirmation = (booking: typeof a) => booking!.emails[0]!;
      const reminder = later!.emails[1]!;
      const sender = emailSender(seal(api.db), mailer, () => new Date());
      expect(await sender.send([confirmation(earlier).id])).toEqual(new Map([[confirmation(earlier).id, "sent"]]));
      const ids = [confirmation(a).id, confirmation(b).id, confirmation(earlier).id, reminder.id, 2_000_000_000];
      const outcomes = await sender.send(ids);
      mailer.close();
      expect(outcomes).toEqual(
        new Map([
          [confirmation(a).id, "sent"],
          [confirmation(b).id, "sent"],
          [confirmation(earlier).id, "already-sent"],
          [reminder.id, "busy"],
          [2_000_000_000, "gone"],
        ]),
      );
      for (const booking of [a, b, earlier]) {
        const email = await api.db.outboxEmail.findUniqueOrThrow({ where: { id: confirmation(booking).id } });
        expect(email).toMatchObject({ status: "SENT", attempts: 1 });
        expect(smtp.received.filter((m) => m.messageId === email.messageId)).toHaveLength(1);
        expect(mailText(smtp.received.find((m) => m.messageId === email.messageId)!.raw)).toContain(booking!.reference);
        expect(await metered(email.id)).toBe(1);
      }
      expect(await api.db.outboxEmail.findUniqueOrThrow({ where: { id: reminder.id } })).toMatchObject({
        status: "QUEUED",
        attempts: 0,
      });
    } finally {
      await smtp.stop();
    }
  });

  it("mark the rest of a batch sent when one of its e-mails is withdrawn while it is sent", async () => {
    const booking = await partnerBooking("withdrawn@example.com");
    const [confirmation, reminder] = booking.emails;
    await api.db.outboxEmail.update({ where: { id: reminder!.id }, data: { sendAfter: new Date() } });
    const outbox = createMailer(undefined, "t@slotwise.test");
    // The booking is cancelled while its confirmation is with the transport: its reminder goes.
    const cancelling: Mailer = {
      ...outbox,
      send: async (email) => {
        if (email.id === confirmation!.id) await api.db.outboxEmail.delete({ where: { id: reminder!.id } });
        return outbox.send(email);
      },
    };
    const outcomes = await emailSender(seal(api.db), cancelling, () => new Date()).send([
      confirmation!.id,
      reminder!.id,
    ]);
    expect(outcomes.get(confirmation!.id)).toBe("sent");
    expect(await api.db.outboxEmail.findUniqueOrThrow({ where: { id: confirmation!.id } })).toMatchObject({
      status: "SENT",
    });
    expect(await metered(confirmation!.id)).toBe(1);
    expect(await api.db.outboxEmail.count({ where: { id: reminder!.id } })).toBe(0);
  });

  it("keep the e-mail in the outbox, sent, when no SMTP server is configured", async () => {
    const booking = await partnerBooking("outbox@example.com");
    const email = booking.emails[0]!;
    expect(
      await sendOutboxEmail(seal(api.db), createMailer(undefined, "t@slotwise.test"), email.id, () => new Date()),
    ).toBe("sent");
    expect(await api.db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } })).toMatchObject({
      status: "SENT",
      attempts: 1,
    });
    expect(await metered(email.id)).toBe(1);
  });

  it("drop a cancelled booking's reminder", async () => {
    const booking = await partnerBooking("cancel@example.com");
    await api.request(`${OTA}/booking/${booking.reference}/cancel`, { method: "POST", key });
    expect(await api.db.outboxEmail.count({ where: { bookingId: booking.id, kind: "BOOKING_REMINDER" } })).toBe(0);
  });

  it("record the failure and give up after the last attempt when the SMTP server refuses", async () => {
    const booking = await partnerBooking("refused@example.com");
    const email = booking.emails[0]!;
    const dead = createMailer("smtp://127.0.0.1:1", "t@slotwise.test");
    for (let i = 0; i < 5; i++) {
      // Each failure puts the next try later; move it back to "due" to try again at once.
      await api.db.outboxEmail.update({ where: { id: email.id }, data: { sendAfter: new Date() } });
      expect(await sendOutboxEmail(seal(api.db), dead, email.id, () => new Date())).toBe("failed");
    }
    const row = await api.db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } });
    expect(row).toMatchObject({ status: "FAILED", attempts: 5 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(await metered(email.id)).toBe(0);
  });
});

describe("a worker killed in the middle of a send", () => {
  const killed: { kill?: () => void } = {};
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  afterAll(async () => smtp.stop());

  it("sends again after a restart and meters the e-mail once", async () => {
    let first = true;
    smtp = await startSmtp(() => {
      if (!first) return "accept";
      first = false;
      killed.kill?.(); // the worker dies after handing over the message, before the server's reply
      return "hang";
    });
    const env = { DATABASE_URL: api.databaseUrl, SMTP_URL: smtp.url, EMAIL_SEND_TIMEOUT_SECONDS: "5" };
    const booking = await partnerBooking("crash@example.com");
    const email = booking.emails[0]!;
    await api.db.outboxEmail.updateMany({
      where: { status: "QUEUED", id: { not: email.id } },
      data: { sendAfter: new Date(Date.now() + 86_400_000) },
    });
    const doomed = await spawnApi(env);
    killed.kill = () => doomed.child.kill("SIGKILL");
    await doomed.exited;
    expect(smtp.received).toHaveLength(1);
    expect((await api.db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } })).status).toBe("QUEUED");
    const restarted = await spawnApi(env);
    try {
      const sent = await until(async () => {
        const row = await api.db.outboxEmail.findUniqueOrThrow({ where: { id: email.id } });
        return row.status === "SENT" && row;
      }, 45_000);
      expect(sent.attempts).toBe(2);
      expect(smtp.received.map((m) => m.messageId)).toEqual([
        `<outbox-${email.id}@slotwise.mail>`,
        `<outbox-${email.id}@slotwise.mail>`,
      ]);
      expect(await metered(email.id)).toBe(1);
    } finally {
      await restarted.stop();
    }
  });
});
