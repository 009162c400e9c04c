import { beforeAll, describe, expect, it } from "vitest";

import { hashPassword } from "@slotwise/db";
import { compactUsageFully, seal } from "@slotwise/db/testing";

import { checkUsageThresholds as checkAll } from "../src/jobs/check-thresholds.ts";
import { createMailer } from "../src/jobs/mailer.ts";
import { sendOutboxEmail } from "../src/jobs/send-email.ts";
import { startWorker } from "../src/jobs/worker.ts";
import { startApi, type Api } from "./harness.ts";
import { dayAfter, isoDay, utcDay } from "./recent-dates.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let key: string;
let operatorId: number;
let desk: ReturnType<typeof trpcClient>;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  api = await startApi();
  // Kolkata (UTC+5:30): local days start at 18:30Z, so UTC days would give other answers.
  const operator = await api.db.operator.create({
    data: { slug: "limits-co", name: "Limits Co", timeZone: "Asia/Kolkata" },
  });
  operatorId = operator.id;
  const passwordHash = await hashPassword(PASSWORD);
  await api.db.consoleUser.create({
    data: { operatorId, email: "owner@limits.example", name: "Owner", passwordHash, createdAt: utcDay(-365) },
  });
  await api.db.consoleUser.create({ data: { operatorId, email: "clerk@limits.example", name: "Clerk", passwordHash } });
  key = await api.key({ operator: "limits-co", scopes: ["usage:write"] });
  desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "clerk@limits.example", password: PASSWORD });
});

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** The UTC day `days` before today. */
const daysAgo = (days: number) => isoDay(utcDay(-days));
/** Two recent days of one month, then a later day, then the latest: the tests below use them in turn. */
const FIRST_DAY = daysAgo(4).slice(0, 7) === daysAgo(3).slice(0, 7) ? daysAgo(4) : daysAgo(5);
const SECOND_DAY = dayAfter(FIRST_DAY, 1);
const LATE_DAY = daysAgo(2);
const SMS_DAY = daysAgo(1);
async function batch(meter: string, usages: number[], iso: string) {
  const response = await api.request("/api/v2/usage/meters/batch", {
    method: "POST",
    key,
    json: { Entries: usages.map((Usage) => ({ Meter: meter, Usage, OccurredAt: seconds(iso) })) },
  });
  expect(response.status).toBe(201);
}
/** A check that must succeed for every operator: how many notices it wrote. */
async function checkUsageThresholds(db: typeof api.db, now: Date): Promise<number> {
  const { noticed, failed } = await checkAll(seal(db), now);
  expect(failed).toEqual([]);
  return noticed;
}
const notices = (meter: string) =>
  api.db.usageThresholdNotice.findMany({ where: { operatorId, meter }, orderBy: { id: "asc" } });
const thresholdEmails = () =>
  api.db.outboxEmail.findMany({ where: { operatorId, kind: "USAGE_THRESHOLD" }, orderBy: { id: "asc" } });

describe("usage thresholds", () => {
  it("notice a threshold crossed by a batch once, with one e-mail, however many checks race; a new period notices again", async () => {
    await desk.console.meterDefinitions.create.mutate({
      Meter: "api-calls",
      Unit: "calls",
      Thresholds: [
        { Period: "day", Value: 10 },
        { Period: "day", Value: 1000 },
        { Period: "month", Value: 15.5 },
      ],
    });
    // 17:30 in Kolkata on the first day.
    const firstDay = new Date(`${FIRST_DAY}T12:00:00Z`);
    await batch("api-calls", [4, 4], `${FIRST_DAY}T02:00:00Z`);
    await compactUsageFully(api.db);
    expect(await checkUsageThresholds(api.db, firstDay)).toBe(0);

    // This batch takes the day from 8 to 12: past 10, not 1000; the month (12) stays under 15.5.
    await batch("api-calls", [1, 1, 1.5, 0.5], `${FIRST_DAY}T11:00:00Z`);
    const raced = await Promise.all([
      checkUsageThresholds(api.db, firstDay),
      checkUsageThresholds(api.db, firstDay),
      checkUsageThresholds(api.db, firstDay),
    ]);
    expect(raced.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await checkUsageThresholds(api.db, firstDay)).toBe(0);
    const [notice] = await notices("api-calls");
    expect(notice).toMatchObject({ timeZone: "Asia/Kolkata", noticedAt: firstDay });
    expect([notice!.period, notice!.threshold.toFixed(), notice!.total.toFixed()]).toEqual(["DAY", "10", "12"]);
    expect(notice!.periodStart.toISOString().slice(0, 10)).toBe(FIRST_DAY);

    const [email] = await thresholdEmails();
    expect(await thresholdEmails()).toHaveLength(1);
    expect(email).toMatchObject({ toAddress: "owner@limits.example", dedupeKey: `threshold:${notice!.id}` });
    expect(email!.subject).toBe(`Usage of api-calls reached 10 calls on ${FIRST_DAY}`);
    expect(email!.textBody).toContain("12 calls so far");

    // The next day in Kolkata: 10 is crossed again, in a period of its own; the month reaches 15.5 once.
    const secondDay = new Date(`${SECOND_DAY}T12:00:00Z`);
    await batch("api-calls", [3.5], `${SECOND_DAY}T01:00:00Z`);
    await compactUsageFully(api.db);
    await batch("api-calls", [7], `${SECOND_DAY}T03:00:00Z`);
    const again = await Promise.all([checkUsageThresholds(api.db, secondDay), checkUsageThresholds(api.db, secondDay)]);
    expect(again.reduce((a, b) => a + b, 0)).toBe(2);
    expect(
      (await notices("api-calls")).map((n) => [
        n.period,
        n.threshold.toFixed(),
        n.periodStart.toISOString().slice(0, 10),
        n.total.toFixed(),
      ]),
    ).toEqual([
      ["DAY", "10", FIRST_DAY, "12"],
      ["DAY", "10", SECOND_DAY, "10.5"],
      ["MONTH", "15.5", `${FIRST_DAY.slice(0, 7)}-01`, "22.5"],
    ]);
    expect(await thresholdEmails()).toHaveLength(3);
  });

  it("notice usage of a day's last moments in a check that runs just after midnight", async () => {
    await desk.console.meterDefinitions.create.mutate({ Meter: "late", Thresholds: [{ Period: "day", Value: 1 }] });
    // 23:59 on the late day in Kolkata; the check runs at 00:01 on the day after.
    await batch("late", [1], `${LATE_DAY}T18:29:00Z`);
    expect(await checkUsageThresholds(api.db, new Date(`${LATE_DAY}T18:31:00Z`))).toBe(1);
    expect((await notices("late")).map((n) => n.periodStart.toISOString().slice(0, 10))).toEqual([LATE_DAY]);
  });

  it("notice nothing under a threshold, nor for another operator's usage of the same meter", async () => {
    await desk.console.meterDefinitions.create.mutate({
      Meter: "sms",
      Thresholds: [{ Period: "month", Value: 100 }],
    });
    await batch("sms", [99.999999], `${SMS_DAY}T10:00:00Z`);
    const harbourKey = await api.key({ operator: "harbour", scopes: ["usage:write"] });
    await api.request("/api/v2/usage/meters", {
      method: "POST",
      key: harbourKey,
      json: { Meter: "sms", Usage: 500, OccurredAt: seconds(`${SMS_DAY}T10:00:00Z`) },
    });
    expect(await checkUsageThresholds(api.db, new Date(`${SMS_DAY}T12:00:00Z`))).toBe(0);
    expect(await notices("sms")).toEqual([]);
  });

  it("are listed in the console as usage.threshold_crossed events, newest first, with the meter's unit", async () => {
    const listed = await desk.console.thresholdNotices.list.query();
    expect(listed).toHaveLength(4);
    expect(listed[0]).toMatchObject({ type: "usage.threshold_crossed", meter: "late", unit: null, threshold: 1 });
    expect(listed).toContainEqual({
      id: expect.any(Number) as number,
      type: "usage.threshold_crossed",
      meter: "api-calls",
      unit: "calls",
      period: "day",
      threshold: 10,
      total: 10.5,
      periodStart: SECOND_DAY,
      timeZone: "Asia/Kolkata",
      noticedAt: `${SECOND_DAY}T12:00:00.000Z`,
    });
    const demo = trpcClient(api.base);
    await demo.console.session.signIn.mutate({ email: "demo@example.com", password: PASSWORD });
    expect(await demo.console.thresholdNotices.list.query()).toEqual([]);
  });

  it("send the e-mail through the outbox without metering it as a workflow e-mail", async () => {
    const [email] = await thresholdEmails();
    expect(
      await sendOutboxEmail(seal(api.db), createMailer(undefined, "t@slotwise.test"), email!.id, () => new Date()),
    ).toBe("sent");
    expect(await api.db.usageEntry.count({ where: { dedupeKey: `email:${email!.id}` } })).toBe(0);
  });
});

describe("two workers", () => {
  it("notice a crossing of today once between them and send its one e-mail", async () => {
    await desk.console.meterDefinitions.create.mutate({
      Meter: "live",
      Unit: "GB",
      Thresholds: [{ Period: "day", Value: 5 }],
    });
    const silent = { info: () => undefined, error: () => undefined };
    const workers = await Promise.all(
      [1, 2].map(() =>
        startWorker({
          db: seal(api.db),
          databaseUrl: api.databaseUrl,
          mailer: createMailer(undefined, "t@slotwise.test"),
          now: () => new Date(),
          log: silent,
          intervalMs: 50,
          thresholdIntervalMs: 50,
        }),
      ),
    );
    try {
      await batch("live", [2, 2, 2], new Date().toISOString());
      const deadline = Date.now() + 20_000;
      const sent = async () =>
        api.db.outboxEmail.count({
          where: { operatorId, kind: "USAGE_THRESHOLD", status: "SENT", subject: { contains: "live" } },
        });
      while ((await sent()) === 0) {
        if (Date.now() > deadline) throw new Error("the threshold e-mail was not sent in time");
        await new Promise((r) => setTimeout(r, 100));
      }
      // Both workers keep checking a while longer; nothing new may come of it.
      await new Promise((r) => setTimeout(r, 500));
      expect(await notices("live")).toHaveLength(1);
      expect(await sent()).toBe(1);
      expect(
        await api.db.outboxEmail.count({
          where: { operatorId, kind: "USAGE_THRESHOLD", subject: { contains: "live" } },
        }),
      ).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
