import { describe, expect, it } from "vitest";

import { createClient } from "../src/client.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { recordUsageBatch, type BatchEntry } from "../src/usage/record-usage-batch.ts";
import { recordUsage } from "../src/usage/record-usage.ts";

const { db, url } = await useTestDatabase();

const entry = (eventId: string | null, usage: number | string = 1): BatchEntry => ({
  meter: "api-calls",
  usage,
  extraInfo: null,
  occurredAt: new Date("2026-03-01T10:00:00Z"),
  eventId,
});

describe("usage events named by the client", () => {
  it("are recorded once per operator, from single posts and batches alike, and stay apart between operators", async () => {
    const [a, b] = await Promise.all(
      ["events-a", "events-b"].map((slug) => db.operator.create({ data: { slug, name: slug } })),
    );
    const first = await recordUsage(db, { operatorId: a!.id, ...entry("evt-1", "2.5") });
    const again = await recordUsage(db, { operatorId: a!.id, ...entry("evt-1", "9") });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entry: first.entry, replayed: true });
    expect(
      await recordUsageBatch(db, a!.id, [entry("evt-1"), entry("evt-2"), entry("evt-2"), entry(null)], new Date()),
    ).toBe(2);
    expect(await recordUsageBatch(db, b!.id, [entry("evt-1")], new Date())).toBe(1);
    const rows = await db.usageEntry.findMany({ where: { operatorId: a!.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.eventId, r.usage.toString()])).toEqual([
      ["evt-1", "2.5"],
      ["evt-2", "1"],
      [null, "1"],
    ]);
  });

  it("are recorded once when several connection pools send the same batches at the same moment", async () => {
    const operator = await db.operator.create({ data: { slug: "events-race", name: "Race" } });
    const pools = [db, createClient(url, { maxConnections: 5 }), createClient(url, { maxConnections: 5 })];
    const batch = Array.from({ length: 200 }, (_, i) => entry(`race-${i}`, "0.000001"));
    const recorded = await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordUsageBatch(pools[i % pools.length]!, operator.id, batch, new Date())),
    );
    await Promise.all(pools.slice(1).map((pool) => pool.$disconnect()));
    expect(recorded.reduce((sum, n) => sum + n, 0)).toBe(200);
    expect(await db.usageEntry.count({ where: { operatorId: operator.id } })).toBe(200);
  });

  it("are each held by the entry that recorded them, when singles and batches race for the same EventIDs", async () => {
    const operator = await db.operator.create({ data: { slug: "events-mixed", name: "Mixed" } });
    const other = createClient(url, { maxConnections: 5 });
    const ids = Array.from({ length: 100 }, (_, i) => `mixed-${i}`);
    try {
      // Singles claim through the row trigger, batches as a set: one primary key decides both.
      await Promise.all([
        recordUsageBatch(
          db,
          operator.id,
          ids.map((id) => entry(id)),
          new Date(),
        ),
        ...ids.map((id) => recordUsage(other, { operatorId: operator.id, ...entry(id) })),
        recordUsageBatch(
          other,
          operator.id,
          ids.map((id) => entry(id)),
          new Date(),
        ),
      ]);
    } finally {
      await other.$disconnect();
    }
    const [held] = await db.$queryRaw<{ entries: bigint; claims: bigint; held: bigint }[]>`
      SELECT (SELECT count(*) FROM usage_entries WHERE operator_id = ${operator.id}) AS entries,
             (SELECT count(*) FROM usage_event_ids WHERE operator_id = ${operator.id}) AS claims,
             (SELECT count(*) FROM usage_entries e JOIN usage_event_ids k
                ON (k.operator_id, k.event_id, k.entry_id) = (e.operator_id, e.event_id, e.id)
               WHERE e.operator_id = ${operator.id}) AS held`;
    expect(held).toEqual({ entries: 100n, claims: 100n, held: 100n });
  });

  it("are claimed by the row trigger again for an insert after a batch in the same transaction", async () => {
    const operator = await db.operator.create({ data: { slug: "events-after-batch", name: "After batch" } });
    const later = await db.$transaction(async (tx) => {
      expect(await recordUsageBatch(tx, operator.id, [entry("after-1"), entry("after-2")], new Date())).toBe(2);
      // The batch's setting ended with its statement: this repeat is skipped, this new one claimed.
      return tx.$executeRaw`
        INSERT INTO usage_entries (operator_id, meter, usage, occurred_at, event_id)
        VALUES (${operator.id}, 'api-calls', 1, now(), 'after-1'), (${operator.id}, 'api-calls', 1, now(), 'after-3')`;
    });
    expect(later).toBe(1);
    const [held] = await db.$queryRaw<{ entries: bigint; held: bigint }[]>`
      SELECT count(*) AS entries, count(k.entry_id) AS held
        FROM usage_entries e LEFT JOIN usage_event_ids k
          ON (k.operator_id, k.event_id, k.entry_id) = (e.operator_id, e.event_id, e.id)
       WHERE e.operator_id = ${operator.id}`;
    expect(held).toEqual({ entries: 3n, held: 3n });
  });
});
