import { beforeAll, describe, expect, it } from "vitest";

import { MAX_THRESHOLD_EMAILS_PER_PERIOD } from "@slotwise/core";
import { hashPassword } from "@slotwise/db";
import { seal } from "@slotwise/db/testing";

import { checkUsageThresholds } from "../../src/jobs/check-thresholds.ts";
import { startApi, type Api } from "../harness.ts";
import { trpcClient } from "../trpc-client.ts";

const PASSWORD = "correct-horse-battery";
let api: Api;

/** A fresh operator with an owner who is signed in to the console, and a key that records usage. */
async function operatorWithOwner(slug: string) {
  const operator = await api.db.operator.create({ data: { slug, name: slug, timeZone: "UTC" } });
  const email = `owner@${slug}.example`;
  await api.db.consoleUser.create({
    data: { operatorId: operator.id, email, name: "Owner", passwordHash: await hashPassword(PASSWORD) },
  });
  const desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email, password: PASSWORD });
  const key = await api.key({ operator: slug, scopes: ["usage:write"] });
  const record = async (entries: { Meter: string; Usage: number }[]) => {
    const OccurredAt = Math.floor(Date.now() / 1000);
    const response = await api.request("/api/v2/usage/meters/batch", {
      method: "POST",
      key,
      json: { Entries: entries.map((e) => ({ ...e, OccurredAt })) },
    });
    expect(response.status).toBe(201);
  };
  const emails = () =>
    api.db.outboxEmail.findMany({
      where: { operatorId: operator.id, kind: "USAGE_THRESHOLD" },
      orderBy: { id: "asc" },
    });
  const notices = () =>
    api.db.usageThresholdNotice.findMany({ where: { operatorId: operator.id }, orderBy: { id: "asc" } });
  return { desk, record, emails, notices };
}

/** Checks as every worker does, `times` at once, at a moment after the usage was recorded. */
async function check(times = 1) {
  const now = new Date();
  const checks = await Promise.all(Array.from({ length: times }, () => checkUsageThresholds(seal(api.db), now)));
  for (const { failed } of checks) expect(failed).toEqual([]);
  return checks.reduce((sum, c) => sum + c.noticed, 0);
}

const tiny = (from: number) =>
  Array.from({ length: 10 }, (_, i) => ({ Period: "day" as const, Value: (from * 100 + i) / 100 }));

beforeAll(async () => {
  api = await startApi();
});

describe("threshold e-mails are bounded per meter and period, whatever the edits", () => {
  it("announce only a higher threshold than the last one, across edits and a re-created definition", async () => {
    const { desk, record, emails, notices } = await operatorWithOwner("edits-co");
    await desk.console.meterDefinitions.create.mutate({ Meter: "calls", Thresholds: tiny(1) });
    await record([{ Meter: "calls", Usage: 100 }]);

    // Ten thresholds passed at once: one e-mail, naming the highest.
    expect(await check(3)).toBe(1);
    expect((await emails()).map((e) => e.subject)).toEqual([expect.stringMatching(/^Usage of calls reached 1\.09 /)]);

    // Ten new values, all below what was announced: nothing. Deleting and re-creating the same meter: nothing.
    await desk.console.meterDefinitions.change.mutate({ Meter: "calls", Thresholds: tiny(0.5) });
    expect(await check(2)).toBe(0);
    await desk.console.meterDefinitions.delete.mutate({ Meter: "calls" });
    await desk.console.meterDefinitions.create.mutate({ Meter: "calls", Thresholds: tiny(1) });
    expect(await check(2)).toBe(0);

    // Ten values above it, all reached: one more e-mail, for the highest of them.
    await desk.console.meterDefinitions.change.mutate({ Meter: "calls", Thresholds: tiny(2) });
    expect(await check(2)).toBe(1);
    expect(await emails()).toHaveLength(2);
    expect((await notices()).map((n) => n.threshold.toFixed())).toEqual(["1.09", "2.09"]);
  });

  it("send at most the cap per operator and period, however many meters cross, and say which is the last", async () => {
    const { desk, record, emails, notices } = await operatorWithOwner("many-meters-co");
    const meters = Array.from({ length: 100 }, (_, i) => `meter-${i}`);
    for (const meter of meters)
      await desk.console.meterDefinitions.create.mutate({
        Meter: meter,
        Thresholds: Array.from({ length: 10 }, (_, i) => ({ Period: i < 5 ? "day" : "month", Value: 1 + i / 10 })),
      });
    await record(meters.map((Meter) => ({ Meter, Usage: 10 })));

    // One notice per meter and period kind; the e-mails stop at the cap for each period kind.
    expect(await check(2)).toBe(200);
    const sent = await emails();
    expect(sent).toHaveLength(2 * MAX_THRESHOLD_EMAILS_PER_PERIOD);
    const lastOnes = sent.filter((e) => e.textBody.includes("This is the last threshold e-mail"));
    expect(lastOnes.map((e) => /for this (day|month)/.exec(e.textBody)?.[1]).sort()).toEqual(["day", "month"]);
    expect(await notices()).toHaveLength(200);

    // The console still lists every crossing; a further check sends nothing more.
    expect(await check()).toBe(0);
    expect(await emails()).toHaveLength(2 * MAX_THRESHOLD_EMAILS_PER_PERIOD);
  });
});
