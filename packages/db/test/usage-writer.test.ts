import { describe, expect, it } from "vitest";

import { createClient } from "../src/client.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import type { UsageRecordInput } from "../src/usage/record-usage.ts";
import { createUsageWriter } from "../src/usage/usage-writer.ts";

const { db, url } = await useTestDatabase();

const at = new Date("2026-03-01T10:00:00Z");
const entry = (operatorId: number, n: number, eventId: string | null = null): UsageRecordInput => ({
  operatorId,
  meter: `meter-${n % 3}`,
  usage: `${n}.000000000001`,
  extraInfo: `{"n":${n}}`,
  occurredAt: new Date(at.getTime() + n * 1000),
  eventId,
});

const operators = async (...slugs: string[]) =>
  Promise.all(slugs.map((slug) => db.operator.create({ data: { slug, name: slug } })));

describe("single usage entries written together", () => {
  it("answer every caller with its own entry, across operators, in groups", async () => {
    const [a, b] = await operators("writer-a", "writer-b");
    // One statement at a time: all but the first wait and go in together.
    const writer = createUsageWriter(db, { inFlight: 1 });
    const entries = Array.from({ length: 60 }, (_, n) =>
      entry(n % 2 ? a!.id : b!.id, n, n % 4 === 0 ? `evt-${n}` : null),
    );
    const answers = await Promise.all(entries.map((e) => writer.record(e)));
    answers.forEach(({ entry: recorded, replayed }, n) => {
      expect(replayed).toBe(false);
      expect([recorded.meter, recorded.usage, recorded.extraInfo, recorded.occurredAt]).toEqual([
        entries[n]!.meter,
        entries[n]!.usage,
        entries[n]!.extraInfo,
        entries[n]!.occurredAt,
      ]);
    });
    const stored = await db.usageEntry.findMany({ where: { operatorId: { in: [a!.id, b!.id] } } });
    expect(stored).toHaveLength(60);
    // The first went alone; the other 59, waiting meanwhile, went in one statement (one transaction).
    expect(new Set(stored.map((s) => s.createdXid)).size).toBe(2);
    for (const { entry: recorded } of answers) {
      const row = stored.find((s) => s.id === recorded.id);
      expect(row?.usage.toFixed(12)).toBe(recorded.usage);
      expect(row?.extraInfo).toBe(recorded.extraInfo);
    }
    expect(new Set(answers.map((x) => x.entry.id)).size).toBe(60);
  });

  it("record a repeated EventID once, within a group, across groups and across pools at once", async () => {
    const [operator] = await operators("writer-events");
    const pools = [db, createClient(url, { maxConnections: 3 })];
    // Both pools send the same 300 events at once, in opposite orders, in groups of up to 500:
    // claimed in arrival order, two such statements would deadlock on each other's claims.
    const events = Array.from({ length: 300 }, (_, n) => entry(operator!.id, n, `evt-${n}`));
    const answers = await Promise.all(
      pools.map((pool, p) => {
        const writer = createUsageWriter(pool, { inFlight: 1 });
        const sent = p === 0 ? events : [...events].reverse();
        return Promise.all(sent.map((e) => writer.record(e)));
      }),
    );
    await pools[1]!.$disconnect();
    expect(await db.usageEntry.count({ where: { operatorId: operator!.id } })).toBe(300);
    const [first, second] = [answers[0]!, [...answers[1]!].reverse()];
    events.forEach((_, n) => {
      // Each event: one answer recorded it, the other names that same entry as a replay.
      expect(first[n]!.entry.id).toBe(second[n]!.entry.id);
      expect([first[n]!.replayed, second[n]!.replayed].sort()).toEqual([false, true]);
    });
  });

  it("answer a whole group of retried events as replays of the entries first recorded", async () => {
    const [operator] = await operators("writer-retries");
    const writer = createUsageWriter(db, { inFlight: 1 });
    const events = Array.from({ length: 200 }, (_, n) => entry(operator!.id, n, `retry-${n}`));
    const firsts = await Promise.all(events.map((e) => writer.record(e)));
    const retries = await Promise.all(events.map((e) => writer.record({ ...e, usage: "9" })));
    expect(retries.map((r) => r.replayed)).toEqual(events.map(() => true));
    expect(retries.map((r) => r.entry)).toEqual(firsts.map((f) => f.entry));
    expect(await db.usageEntry.count({ where: { operatorId: operator!.id } })).toBe(200);
  });

  it("refuse only the entry the database refuses, and record the rest of its group", async () => {
    const [operator] = await operators("writer-refused");
    const writer = createUsageWriter(db, { inFlight: 1 });
    const entries = Array.from({ length: 10 }, (_, n) => entry(operator!.id, n + 1));
    // Usage 0 breaks the table's CHECK (usage > 0): the API never sends it, the database refuses it.
    entries[5] = { ...entries[5]!, usage: "0" };
    const settled = await Promise.allSettled(entries.map((e) => writer.record(e)));
    expect(settled.map((s) => s.status)).toEqual(entries.map((_, n) => (n === 5 ? "rejected" : "fulfilled")));
    expect(await db.usageEntry.count({ where: { operatorId: operator!.id } })).toBe(9);
  });

  it("with the group commit off, write each entry by its own INSERT, each EventID once, telling no statement", async () => {
    const [operator] = await operators("writer-off");
    const told: number[] = [];
    const writer = createUsageWriter(db, {
      groupCommit: false,
      inFlight: 1,
      onStatement: (n) => {
        told.push(n);
      },
    });
    const entries = Array.from({ length: 30 }, (_, n) => entry(operator!.id, n, n % 3 === 0 ? `off-${n}` : null));
    const answers = await Promise.all(entries.map((e) => writer.record(e)));
    expect(answers.map((a) => a.replayed)).toEqual(entries.map(() => false));
    const events = entries.filter((e) => e.eventId);
    const repeats = await Promise.all(events.map((e) => writer.record({ ...e, usage: "9" })));
    expect(repeats.map((r) => r.replayed)).toEqual(events.map(() => true));
    expect(repeats.map((r) => r.entry)).toEqual(events.map((e) => answers[entries.indexOf(e)]!.entry));
    const stored = await db.usageEntry.findMany({ where: { operatorId: operator!.id } });
    expect(stored).toHaveLength(30);
    // Sent at once to one statement slot, yet each in a transaction of its own.
    expect(new Set(stored.map((s) => s.createdXid)).size).toBe(30);
    expect(told).toEqual([]);
  });
});
