import { describe, expect, it } from "vitest";

import { ExactDecimal } from "@slotwise/core";

import { createClient } from "../src/client.ts";
import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { compactUsage } from "../src/usage/compact-usage.ts";
import { usageTotals } from "../src/usage/summarize-usage.ts";

const { db, url } = await useTestDatabase();
const first = await db.operator.create({ data: { slug: "first", name: "First" } });
const second = await db.operator.create({ data: { slug: "second", name: "Second" } });
const slot = Date.parse("2026-05-04T10:00:00Z");
const DAY = 86_400_000;
const dayStart = new Date(Date.parse("2026-05-04T00:00:00Z"));
const dayAfter = new Date(dayStart.getTime() + DAY);

async function record(operatorId: number, meter: string, usage: string, at: number) {
  return db.usageEntry.create({ data: { operatorId, meter, usage, occurredAt: new Date(at) } });
}

const watermark = async () => (await db.usageCompaction.findUniqueOrThrow({ where: { id: 1 } })).watermark;

async function rollups() {
  const rows = await db.$queryRaw<
    { operator_id: number; bucket_start: Date; meter: string; total: string; events: bigint }[]
  >`
    SELECT operator_id, bucket_start, meter, total::text, events FROM usage_rollups_15m ORDER BY operator_id, bucket_start, meter`;
  return rows.map((r) => [
    r.operator_id,
    r.bucket_start.toISOString(),
    r.meter,
    new ExactDecimal(r.total).toFixed(),
    Number(r.events),
  ]);
}

async function totals(operatorId: number, start: Date, end: Date) {
  const rows = await usageTotals(db, operatorId, start, end);
  return Object.fromEntries(rows.map((r) => [r.meter, [new ExactDecimal(r.totalUsage).toFixed(), r.eventCount]]));
}

describe("usage rollups of any size", () => {
  it("fold entries at the entry column's maximum, many to one quarter hour, exactly", async () => {
    const max = "99999999999999999999999999.999999999999";
    for (let i = 0; i < 3; i++) await record(first.id, "huge", max, slot + i * 1000);
    expect((await compactUsageFully(db)).folded).toBe(3);
    expect(await totals(first.id, dayStart, dayAfter)).toEqual({
      huge: ["299999999999999999999999999.999999999997", 3],
    });
    await db.$executeRaw`DELETE FROM usage_entries`;
    await db.$executeRaw`DELETE FROM usage_rollups_15m`;
    await db.$executeRaw`DELETE FROM usage_rollups_hourly`;
    await db.$executeRaw`DELETE FROM usage_rollups_daily`;
  });
});

describe("an entry the rollups refuse", () => {
  it("is set aside once, still counts in summaries, and holds back no one else's rollups", async () => {
    // A bounded rollup column, so that two 9e25 in one quarter hour overflow it: a fold the database refuses.
    await db.$executeRaw`ALTER TABLE usage_rollups_15m ALTER COLUMN total TYPE numeric(38, 12)`;
    await record(first.id, "api-calls", "9e25", slot);
    await record(second.id, "api-calls", "2", slot + 60_000);
    const refused = await record(first.id, "api-calls", "9e25", slot + 120_000);
    await record(second.id, "api-calls", "3", slot + 180_000);
    await record(first.id, "sms", "0.5", slot + 3_600_000);
    const before = await watermark();

    const compaction = await compactUsageFully(db);
    expect(compaction.folded).toBe(4);
    expect(compaction.setAside).toEqual([
      { entryId: refused.id, reason: expect.stringMatching(/numeric field overflow/) as string },
    ]);
    expect(await watermark()).toBeGreaterThan(before);
    expect(await db.usageSetAside.findMany({ select: { entryId: true } })).toEqual([{ entryId: refused.id }]);
    expect(await rollups()).toEqual([
      [first.id, "2026-05-04T10:00:00.000Z", "api-calls", "90000000000000000000000000", 1],
      [first.id, "2026-05-04T11:00:00.000Z", "sms", "0.5", 1],
      [second.id, "2026-05-04T10:00:00.000Z", "api-calls", "5", 2],
    ]);
    expect(await totals(first.id, dayStart, dayAfter)).toEqual({
      "api-calls": ["180000000000000000000000000", 2],
      sms: ["0.5", 1],
    });
    expect(await totals(second.id, dayStart, dayAfter)).toEqual({ "api-calls": ["5", 2] });

    // Set aside once: the next compactions pass it by, and later entries, same slot or later, fold.
    expect(await compactUsageFully(db)).toEqual({ folded: 0, setAside: [] });
    await record(second.id, "api-calls", "4", slot + 240_000);
    await record(first.id, "api-calls", "1", slot + DAY);
    const later = await compactUsageFully(db);
    expect(later).toEqual({ folded: 2, setAside: [] });
    expect(await rollups()).toEqual([
      [first.id, "2026-05-04T10:00:00.000Z", "api-calls", "90000000000000000000000000", 1],
      [first.id, "2026-05-04T11:00:00.000Z", "sms", "0.5", 1],
      [first.id, "2026-05-05T10:00:00.000Z", "api-calls", "1", 1],
      [second.id, "2026-05-04T10:00:00.000Z", "api-calls", "9", 3],
    ]);
    expect(await totals(first.id, dayStart, new Date(dayAfter.getTime() + DAY))).toEqual({
      "api-calls": ["180000000000000000000000001", 3],
      sms: ["0.5", 1],
    });
  });
});

describe("a compaction that fails for a reason other than the data", () => {
  it("sets nothing aside and leaves the watermark for the next run", async () => {
    await record(first.id, "api-calls", "1", slot + 2 * DAY);
    const before = await watermark();
    await db.$executeRawUnsafe(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET lock_timeout = '200ms'`);
    const impatient = createClient(url, { maxConnections: 1 });
    try {
      await db.$transaction(async (tx) => {
        await tx.$executeRaw`LOCK TABLE usage_rollups_15m IN ACCESS EXCLUSIVE MODE`;
        await expect(compactUsage(impatient)).rejects.toThrow(/lock timeout/);
      });
      expect(await watermark()).toBe(before);
      expect(await db.usageSetAside.count()).toBe(1);
      expect((await compactUsageFully(impatient)).folded).toBe(1);
    } finally {
      await impatient.$disconnect();
    }
  });
});
