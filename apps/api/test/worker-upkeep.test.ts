import { beforeAll, describe, expect, it } from "vitest";

import { claimIdempotencyKey, createSession } from "@slotwise/db";

import { createMailer } from "../src/jobs/mailer.ts";
import { startWorker } from "../src/jobs/worker.ts";
import { startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
beforeAll(async () => {
  api = await startApi();
});

interface Line {
  level: "info" | "error";
  fields: Record<string, unknown>;
  message: string;
}

/** The real worker on this test's database, its log kept for reading. */
async function worker(options: { retentionIntervalMs?: number } = {}) {
  const lines: Line[] = [];
  const log = {
    info: (fields: object, message: string) =>
      lines.push({ level: "info", fields: fields as Record<string, unknown>, message }),
    error: (fields: object, message: string) =>
      lines.push({ level: "error", fields: fields as Record<string, unknown>, message }),
  };
  const running = await startWorker({
    db: api.db,
    databaseUrl: api.databaseUrl,
    mailer: createMailer(undefined, "Test <t@slotwise.test>"),
    now: () => new Date(),
    log,
    intervalMs: 100,
    ...options,
  });
  return { lines, stop: () => running.stop() };
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const watermark = async () => (await api.db.usageCompaction.findUniqueOrThrow({ where: { id: 1 } })).watermark;

describe("the worker's compaction", () => {
  it("sets aside an entry the rollups refuse, logs it once with its id, counts it in /readyz and in summaries and series, and keeps folding everyone else's", async () => {
    const [demo, harbour] = await Promise.all(
      ["demo", "harbour"].map((slug) => api.db.operator.findUniqueOrThrow({ where: { slug } })),
    );
    // The rollup column as it was before it became unconstrained: two 9e25 in one quarter hour overflow it.
    await api.db.$executeRaw`ALTER TABLE usage_rollups_15m ALTER COLUMN total TYPE numeric(38, 12)`;
    const at = new Date("2026-07-01T09:00:00Z");
    const insert = (operatorId: number, usage: string, meter = "upkeep") =>
      api.db.usageEntry.create({ data: { operatorId, meter, usage, occurredAt: at } });
    await insert(demo!.id, "9e25");
    const refused = await insert(demo!.id, "9e25");
    await insert(harbour!.id, "7");
    const before = await watermark();

    const running = await worker();
    try {
      await until(async () => (await watermark()) > before);
      await insert(harbour!.id, "5");
      const after = await watermark();
      await until(async () => (await watermark()) > after);
      const setAside = running.lines.filter((l) => l.message.startsWith("usage entry set aside"));
      expect(setAside).toEqual([
        {
          level: "error",
          fields: { usageEntryId: String(refused.id), reason: "numeric field overflow" },
          message: expect.any(String) as string,
        },
      ]);
      expect(running.lines.filter((l) => l.level === "error")).toHaveLength(1);
    } finally {
      await running.stop();
    }
    expect(await (await api.request("/readyz")).json()).toEqual({ status: "ready", usageEntriesSetAside: 1 });
    const rollup = (operatorId: number) =>
      api.db.usageRollup15m.findUniqueOrThrow({
        where: { operatorId_bucketStart_meter: { operatorId, bucketStart: at, meter: "upkeep" } },
      });
    expect((await rollup(harbour!.id)).total.toString()).toBe("12");
    expect((await rollup(demo!.id)).total.toString()).toBe("9e+25");

    const reader = await api.key({ scopes: ["usage:read"] });
    const summary = (await (
      await api.request("/api/v2/usage/meters?from=2026-07-01&to=2026-07-01&tz=UTC", { key: reader })
    ).json()) as { data: { Meters: unknown[] } };
    expect(summary.data.Meters).toEqual([{ Meter: "upkeep", TotalUsage: 1.8e26, EventCount: 2 }]);
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const series = await desk.console.usage.series.query({ from: "2026-07-01", to: "2026-07-01", tz: "UTC" });
    expect(series.points).toEqual([{ Meter: "upkeep", Bucket: "2026-07-01T09:00", Usage: 1.8e26, Events: 2 }]);
  });
});

describe("the worker's retention", () => {
  it("deletes idempotency records past 24 hours and expired sessions; fresh records and a session in use stay", async () => {
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
    const user = await api.db.consoleUser.findUniqueOrThrow({ where: { email: "demo@example.com" } });
    await createSession(api.db, user.id, new Date(Date.now() - 15 * 86_400_000));
    const apiKey = await api.db.apiKey.findFirstOrThrow();
    const claim = (key: string, hoursAgo: number) =>
      claimIdempotencyKey(api.db, {
        apiKeyId: apiKey.id,
        key,
        scope: "POST /usage/meters",
        requestHash: "0".repeat(64),
        now: new Date(Date.now() - hoursAgo * 3_600_000),
      });
    await claim("yesterday-and-more", 25);
    await claim("this-morning", 5);
    const expired = () => api.db.consoleSession.count({ where: { expiresAt: { lte: new Date() } } });
    const live = () => api.db.consoleSession.count({ where: { expiresAt: { gt: new Date() } } });
    const liveBefore = await live();
    expect(await expired()).toBe(1);

    const running = await worker({ retentionIntervalMs: 200 });
    try {
      await until(
        async () =>
          (await api.db.idempotencyRecord.count({ where: { key: "yesterday-and-more" } })) === 0 &&
          (await expired()) === 0,
      );
      expect(running.lines).toContainEqual({
        level: "info",
        fields: { idempotencyRecords: 1, consoleSessions: 1 },
        message: "expired records deleted",
      });
    } finally {
      await running.stop();
    }
    expect(await api.db.idempotencyRecord.count({ where: { key: "this-morning" } })).toBe(1);
    expect(await live()).toBe(liveBefore);
    expect((await desk.console.session.me.query()).email).toBe("demo@example.com");
  });
});
