import { describe, expect, it } from "vitest";

import { ExactDecimal, localBuckets, makePeriod, periodInstants } from "@slotwise/core";

import { createClient } from "../src/client.ts";
import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { recordUsageBatch } from "../src/usage/record-usage-batch.ts";
import { recordBuiltInUsage, recordUsage } from "../src/usage/record-usage.ts";
import { usageTotals } from "../src/usage/summarize-usage.ts";
import { dropExpiredUsagePartitions, makeUsagePartitions } from "../src/usage/usage-partitions.ts";
import { usageSeries } from "../src/usage/usage-series.ts";

const { db, url } = await useTestDatabase();

const partitions = async () =>
  (
    await db.$queryRaw<{ name: string }[]>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'usage_entries'::regclass ORDER BY 1`
  ).map((p) => p.name);

async function record(operatorId: number, meter: string, usage: string, iso: string, eventId: string | null = null) {
  return recordUsage(db, { operatorId, meter, usage, extraInfo: null, occurredAt: new Date(iso), eventId });
}

async function exactTotals(operatorId: number, from: string, to: string) {
  return (await usageTotals(db, operatorId, new Date(from), new Date(to))).map((t) => [
    t.meter,
    new ExactDecimal(t.totalUsage).toFixed(),
    t.eventCount,
  ]);
}

/**
 * Every kind of question a summary answers over `from`..`to` (UTC days), as plain values. A
 * period whose edges are off the quarter-hour grid is summed from the entries: asked only of
 * periods inside the retention age (no zone has had such an edge since 1980, so the API never
 * asks it of a period holding entries, which start in 2000).
 */
async function answers(operatorId: number, from: string, to: string, unaligned = false) {
  const { start, end } = periodInstants(makePeriod(from, to, "UTC"));
  const totals = async (s: Date, e: Date) =>
    (await usageTotals(db, operatorId, s, e))
      .map((t) => [t.meter, new ExactDecimal(t.totalUsage).toFixed(), t.eventCount])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const series = async (unit: "day" | "month" | "hour", zone: string) => {
    const windows = localBuckets(from, to, zone, unit);
    const { end: last } = periodInstants(makePeriod(from, to, zone));
    return (
      await usageSeries(
        db,
        operatorId,
        windows.map((w) => w.start),
        last,
        null,
      )
    ).cells
      .map((r) => [r.window, r.meter, new ExactDecimal(r.total).toFixed(), r.events])
      .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1])));
  };
  return {
    period: await totals(start, end),
    unaligned: unaligned
      ? await totals(new Date(start.getTime() + 7 * 60_000), new Date(end.getTime() - 7 * 60_000))
      : null,
    days: await series("day", "UTC"),
    months: await series("month", "UTC"),
    kolkataDays: await series("day", "Asia/Kolkata"),
  };
}

describe("monthly partitions of usage entries", () => {
  it("are made from the retention edge to three months ahead, once, however many workers make them at once", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const cutoff = new Date("2025-10-19T12:00:00Z");
    const pools = [db, createClient(url, { maxConnections: 2 }), createClient(url, { maxConnections: 2 })];
    try {
      const made = await Promise.all(pools.map((pool) => makeUsagePartitions(pool, now, cutoff)));
      expect(made.flat().length).toBe(new Set(made.flat()).size);
      const months = await partitions();
      for (let m = 0; m <= 13 + 3; m++) {
        const month = new Date(Date.UTC(2025, 9 + m, 1)).toISOString().slice(0, 7).replace("-", "_");
        expect(months).toContain(`usage_entries_${month}`);
      }
      expect(months).toContain("usage_entries_default");
      expect(await makeUsagePartitions(db, now, cutoff)).toEqual([]);
    } finally {
      await Promise.all(pools.slice(1).map((pool) => pool.$disconnect()));
    }
  });

  it("move the entries the default partition caught into the month made for them, still folded, and analyze both", async () => {
    const operator = await db.operator.create({ data: { slug: "caught", name: "Caught" } });
    const entry = await record(operator.id, "far", "2031", "2031-05-02T10:00:00Z", "far-ahead");
    await compactUsageFully(db);
    const before = await db.$queryRaw<{ created_xid: bigint }[]>`SELECT created_xid FROM usage_entries_default`;
    expect(before).toHaveLength(1);
    expect(await makeUsagePartitions(db, new Date("2026-11-23T00:00:00Z"), new Date("2026-11-01T00:00:00Z"))).toContain(
      "usage_entries_2031_05",
    );
    expect(await db.$queryRaw`SELECT created_xid FROM usage_entries_2031_05`).toEqual(before);
    expect(await db.$queryRaw`SELECT count(*)::int AS n FROM usage_entries_default`).toEqual([{ n: 0 }]);
    // Both tables are analyzed with the move: the new month has column statistics at once (the
    // attach alone counts its rows but writes none), and the default no longer counts what left.
    expect(
      await db.$queryRaw`SELECT count(*)::int AS n FROM pg_stats
                          WHERE tablename = 'usage_entries_2031_05' AND attname = 'created_xid'`,
    ).toEqual([{ n: 1 }]);
    expect(
      await db.$queryRaw`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'usage_entries_default'`,
    ).toEqual([{ rows: 0 }]);
    // Its EventID still finds it; the rollups counted it once.
    expect(await record(operator.id, "far", "1", "2031-05-02T10:00:00Z", "far-ahead")).toEqual({
      entry: entry.entry,
      replayed: true,
    });
    expect(await exactTotals(operator.id, "2031-05-01T00:00:00Z", "2031-06-01T00:00:00Z")).toEqual([
      ["far", "2031", 1],
    ]);
  });

  it("let a write that arrives while its month is being made wait for it, then land in the new month", async () => {
    const operator = await db.operator.create({ data: { slug: "waiting", name: "Waiting" } });
    await record(operator.id, "late", "1", "2032-03-02T10:00:00Z");
    const writer = createClient(url, { maxConnections: 1 });
    try {
      let pending: Promise<unknown> | undefined;
      await db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT make_usage_partition('2032-03-01'::date)`;
        pending = recordUsage(writer, {
          operatorId: operator.id,
          meter: "late",
          usage: "2",
          extraInfo: null,
          occurredAt: new Date("2032-03-10T10:00:00Z"),
        });
        for (let i = 0; i < 100; i++) {
          const [{ waiting }] = (await db.$queryRaw<{ waiting: number }[]>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`) as [{ waiting: number }];
          if (waiting > 0) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error("the write never waited for the month being made");
      });
      await pending;
      expect(
        await db.$queryRaw`SELECT usage::float8 AS usage FROM usage_entries_2032_03 WHERE operator_id = ${operator.id} ORDER BY usage`,
      ).toEqual([{ usage: 1 }, { usage: 2 }]);
      expect(await db.$queryRaw`SELECT count(*)::int AS n FROM usage_entries_default`).toEqual([{ n: 0 }]);
    } finally {
      await writer.$disconnect();
    }
  });

  it("give up making a month after 5 s behind a reader of the default partition, losing nothing, and make it later", async () => {
    const operator = await db.operator.create({ data: { slug: "blocked", name: "Blocked" } });
    await record(operator.id, "late", "1", "2033-01-02T10:00:00Z");
    const reader = createClient(url, { maxConnections: 1 });
    try {
      await reader.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT count(*) FROM usage_entries_default`;
          const started = Date.now();
          await expect(db.$queryRaw`SELECT make_usage_partition('2033-01-01'::date)`).rejects.toThrow(/lock timeout/);
          expect(Date.now() - started).toBeLessThan(8_000);
        },
        { timeout: 20_000 },
      );
    } finally {
      await reader.$disconnect();
    }
    expect(await db.$queryRaw`SELECT to_regclass('usage_entries_2033_01')::text AS made`).toEqual([{ made: null }]);
    expect(await db.$queryRaw`SELECT count(*)::int AS n FROM usage_entries_default`).toEqual([{ n: 1 }]);
    expect(await db.$queryRaw`SELECT make_usage_partition('2033-01-01'::date) AS made`).toEqual([{ made: true }]);
    expect(await db.$queryRaw`SELECT count(*)::int AS n FROM usage_entries_2033_01`).toEqual([{ n: 1 }]);
  });

  it("record an EventID or a dedupe key once across months, from single posts, batches and the platform alike", async () => {
    const operator = await db.operator.create({ data: { slug: "across", name: "Across" } });
    const first = await record(operator.id, "m", "2", "2026-01-15T10:00:00Z", "evt-across");
    expect(await record(operator.id, "m", "5", "2026-02-15T10:00:00Z", "evt-across")).toEqual({
      entry: first.entry,
      replayed: true,
    });
    const at = (iso: string) => ({ meter: "m", usage: "1", extraInfo: null, occurredAt: new Date(iso) });
    expect(
      await recordUsageBatch(
        db,
        operator.id,
        [
          { ...at("2026-03-01T00:00:00Z"), eventId: "evt-across" },
          { ...at("2026-03-01T00:00:00Z"), eventId: "evt-batch" },
          { ...at("2026-04-01T00:00:00Z"), eventId: "evt-batch" },
        ],
        new Date(),
      ),
    ).toBe(1);
    expect(
      await recordBuiltInUsage(
        db,
        operator.id,
        "order-completed",
        { basketId: 1, total: 100, currency: "EUR" },
        new Date("2026-01-31T23:59:59Z"),
        "order:1",
      ),
    ).toBe(true);
    expect(
      await recordBuiltInUsage(
        db,
        operator.id,
        "order-completed",
        { basketId: 1, total: 100, currency: "EUR" },
        new Date("2026-02-01T00:00:00Z"),
        "order:1",
      ),
    ).toBe(false);
    const rows = await db.usageEntry.findMany({ where: { operatorId: operator.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.eventId ?? r.dedupeKey, r.occurredAt.toISOString()])).toEqual([
      ["evt-across", "2026-01-15T10:00:00.000Z"],
      ["evt-batch", "2026-03-01T00:00:00.000Z"],
      ["order:1", "2026-01-31T23:59:59.000Z"],
    ]);
  });

  it("are dropped once past the retention age and folded, and every summary answers the same after", async () => {
    const operator = await db.operator.create({ data: { slug: "retained", name: "Retained" } });
    const other = await db.operator.create({ data: { slug: "retained-other", name: "Other" } });
    const now = new Date("2026-11-23T12:00:00Z");
    await makeUsagePartitions(db, now, new Date("2024-01-01T00:00:00Z"));
    for (const [iso, usage, eventId] of [
      ["2024-01-31T23:59:59.999Z", "0.1", "jan-last"],
      ["2024-01-10T10:03:00Z", "0.2", "jan-early"],
      ["2024-02-01T00:00:00Z", "7", null],
      ["2024-02-01T00:05:00Z", "0.000001", null],
      ["2024-02-29T18:30:00Z", "3", null],
      ["2024-03-01T00:00:00Z", "11", null],
      ["2024-03-01T00:05:00Z", "13", null],
    ] as const) {
      await record(operator.id, "api-calls", usage, iso, eventId);
      await record(other.id, "other", usage, iso);
    }
    await recordBuiltInUsage(
      db,
      operator.id,
      "order-completed",
      { basketId: 9, total: 100, currency: "EUR" },
      new Date("2024-01-20T08:00:00Z"),
      "order:9",
    );
    await compactUsageFully(db);
    const before = {
      jan: await answers(operator.id, "2024-01-01", "2024-01-31"),
      janToMar: await answers(operator.id, "2024-01-01", "2024-03-31"),
      feb: await answers(operator.id, "2024-02-01", "2024-02-29", true),
      other: await answers(other.id, "2024-01-01", "2024-03-31"),
    };
    expect(before.janToMar.period).toEqual([
      ["api-calls", "34.300001", 7],
      ["order-completed", "1", 1],
    ]);

    // January 2024 lies wholly before the cutoff; February does not (its last day is after it).
    const cutoff = new Date("2024-02-15T00:00:00Z");
    expect(await dropExpiredUsagePartitions(db, cutoff)).toEqual({ dropped: ["usage_entries_2024_01"], kept: [] });
    expect(await partitions()).not.toContain("usage_entries_2024_01");
    expect(await dropExpiredUsagePartitions(db, cutoff)).toEqual({ dropped: [], kept: [] });

    expect({
      jan: await answers(operator.id, "2024-01-01", "2024-01-31"),
      janToMar: await answers(operator.id, "2024-01-01", "2024-03-31"),
      feb: await answers(operator.id, "2024-02-01", "2024-02-29", true),
      other: await answers(other.id, "2024-01-01", "2024-03-31"),
    }).toEqual(before);
    // The raw entries of January are gone, with their EventIDs and dedupe keys; February's stay.
    expect(await db.usageEntry.count({ where: { operatorId: operator.id } })).toBe(5);
    expect(await db.usageEventId.count({ where: { operatorId: operator.id } })).toBe(0);
    expect(await db.usageDedupeKey.count({ where: { operatorId: operator.id } })).toBe(0);
  });

  it("are kept while any entry of theirs is not yet folded, or set aside", async () => {
    const operator = await db.operator.create({ data: { slug: "unfolded", name: "Unfolded" } });
    await makeUsagePartitions(db, new Date("2026-11-23T12:00:00Z"), new Date("2023-05-01T00:00:00Z"));
    await compactUsageFully(db);
    await record(operator.id, "late", "1", "2023-05-10T00:00:00Z");
    const cutoff = new Date("2023-07-01T00:00:00Z");
    const set = await record(operator.id, "late", "1", "2023-06-10T00:00:00Z");
    await db.usageSetAside.create({
      data: { entryId: set.entry.id, occurredAt: set.entry.occurredAt, reason: "refused by hand" },
    });
    expect(await dropExpiredUsagePartitions(db, cutoff)).toMatchObject({
      kept: ["usage_entries_2023_05", "usage_entries_2023_06"],
    });
    await compactUsageFully(db);
    expect(await dropExpiredUsagePartitions(db, cutoff)).toMatchObject({
      dropped: ["usage_entries_2023_05"],
      kept: ["usage_entries_2023_06"],
    });
    expect(await exactTotals(operator.id, "2023-05-01T00:00:00Z", "2023-06-01T00:00:00Z")).toEqual([["late", "1", 1]]);
  });

  it("keep every column, the dimensions added by a later migration too, when a month is made for rows caught by default", async () => {
    const operator = await db.operator.create({ data: { slug: "dimensions", name: "Dimensions" } });
    await db.$executeRaw`
      INSERT INTO usage_entries (operator_id, meter, usage, occurred_at, dimensions)
      VALUES (${operator.id}, 'm', 1, '2033-02-03T00:00:00Z', '{"region": "eu"}')`;
    expect(await makeUsagePartitions(db, new Date("2026-11-23T00:00:00Z"), new Date("2026-11-01T00:00:00Z"))).toEqual([
      "usage_entries_2033_02",
    ]);
    expect(await db.$queryRaw`SELECT dimensions FROM usage_entries_2033_02`).toEqual([
      { dimensions: { region: "eu" } },
    ]);
  });
});
