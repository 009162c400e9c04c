import { describe, expect, it } from "vitest";

import { createDatabase } from "../src/client.ts";
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
    const other = createDatabase(url, { maxConnections: 3 });
    const writers = [createUsageWriter(db, { inFlight: 1 }), createUsageWriter(other, { inFlight: 2 })];
    const sends = Array.from({ length: 120 }, (_, n) => ({
      writer: writers[n % 2]!,
      sent: entry(operator!.id, n, `evt-${n % 30}`),
    }));
    const answers = await Promise.all(sends.map(({ writer, sent }) => writer.record(sent)));
    await other.$disconnect();
    expect(await db.usageEntry.count({ where: { operatorId: operator!.id } })).toBe(30);
    expect(answers.filter((x) => !x.replayed)).toHaveLength(30);
    // Every answer for an EventID names the one entry recorded for it.
    const byEvent = new Map<string, bigint>();
    answers.forEach(({ entry: recorded }, n) => {
      const event = sends[n]!.sent.eventId!;
      expect(recorded.id).toBe(byEvent.get(event) ?? recorded.id);
      byEvent.set(event, recorded.id);
    });
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
});
