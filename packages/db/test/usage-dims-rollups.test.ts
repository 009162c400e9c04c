import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ExactDecimal, type DimensionQuery } from "@slotwise/core";

import { compactUsageFully } from "../src/testing/compact-usage-fully.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { recordUsageBatch } from "../src/usage/record-usage-batch.ts";
import { recordUsage } from "../src/usage/record-usage.ts";
import { usageTotalsByDimensions } from "../src/usage/summarize-usage-by-dimensions.ts";

const { db } = await useTestDatabase();
const operator = await db.operator.create({ data: { slug: "dims", name: "Dims", timeZone: "UTC" } });
const origin = Date.parse("2026-03-27T00:00:00Z");

/** The truth: the entries themselves, grouped and filtered by PostgreSQL's jsonb operators. */
async function truth(start: Date, end: Date, groupBy: string[], plan: string | null) {
  const rows = await db.$queryRaw<{ meter: string; key: string; total: string; events: bigint }[]>`
    SELECT meter, jsonb_build_array(${groupBy[0] ?? ""}::text, dimensions -> ${groupBy[0] ?? ""}::text)::text AS key,
           sum(usage)::text AS total, count(*)::bigint AS events
      FROM usage_entries
     WHERE operator_id = ${operator.id} AND occurred_at >= ${start} AND occurred_at < ${end}
       AND (${plan}::text IS NULL OR dimensions -> 'plan' = to_jsonb(${plan}::text))
     GROUP BY 1, 2`;
  return Object.fromEntries(
    rows.map((r) => {
      const value = (JSON.parse(r.key) as unknown[])[1] ?? null;
      return [
        `${r.meter} ${JSON.stringify(groupBy.length ? [value] : [])}`,
        [new ExactDecimal(r.total).toFixed(), Number(r.events)],
      ];
    }),
  );
}

async function totals(start: Date, end: Date, query: DimensionQuery) {
  const rows = await usageTotalsByDimensions(db, operator.id, start, end, query, 10_000);
  return Object.fromEntries(
    rows.map((r) => [
      `${r.meter} ${JSON.stringify(r.values)}`,
      [new ExactDecimal(r.totalUsage).toFixed(), r.eventCount],
    ]),
  );
}

const extraInfo = fc.oneof(
  fc.constant(null),
  fc.constant("not json"),
  fc.record({ plan: fc.constantFrom("free", "pro") }).map((o) => JSON.stringify(o)),
  fc
    .record({
      plan: fc.constantFrom("free", "pro", "team"),
      region: fc.constantFrom("eu", "us"),
      seats: fc.integer({ min: 1, max: 3 }),
    })
    .map((o) => JSON.stringify(o)),
  fc.record({ seats: fc.constantFrom(1, 2), vip: fc.boolean() }).map((o) => JSON.stringify(o)),
);

describe("dims rollups", () => {
  it("property: grouped and filtered totals from the dims rollups plus the tail equal the entries' own sums", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            meter: fc.constantFrom("api-calls", "sms"),
            minutes: fc.integer({ min: 0, max: 4 * 24 * 60 }),
            usage: fc
              .tuple(fc.integer({ min: 1, max: 10 ** 6 }), fc.integer({ min: 0, max: 6 }))
              .map(([n, s]) => new ExactDecimal(n).dividedBy(new ExactDecimal(10).pow(s)).toFixed()),
            extraInfo,
            batch: fc.boolean(),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.boolean(),
        fc.tuple(fc.integer({ min: 0, max: 4 * 96 }), fc.integer({ min: 1, max: 4 * 96 })),
        fc.constantFrom("plan", "region", "seats", "vip"),
        fc.constantFrom(null, "pro", "free"),
        async (entries, compactMidway, [from, length], dimension, plan) => {
          const half = Math.floor(entries.length / 2);
          const write = async (part: typeof entries) => {
            const asBatch = part.filter((e) => e.batch);
            for (const e of part.filter((e) => !e.batch)) {
              await recordUsage(db, {
                operatorId: operator.id,
                meter: e.meter,
                usage: e.usage,
                extraInfo: e.extraInfo,
                occurredAt: new Date(origin + e.minutes * 60_000),
              });
            }
            if (asBatch.length > 0) {
              await recordUsageBatch(
                db,
                operator.id,
                asBatch.map((e) => ({
                  meter: e.meter,
                  usage: e.usage,
                  extraInfo: e.extraInfo,
                  occurredAt: new Date(origin + e.minutes * 60_000),
                  eventId: null,
                })),
                new Date(),
              );
            }
          };
          await write(entries.slice(0, half));
          if (compactMidway) await compactUsageFully(db);
          await write(entries.slice(half));
          const start = new Date(origin + from * 15 * 60_000);
          const end = new Date(start.getTime() + length * 15 * 60_000);
          const filters = plan === null ? [] : [{ name: "plan", matches: [JSON.stringify(plan)] }];
          expect(await totals(start, end, { groupBy: [dimension], filters })).toEqual(
            await truth(start, end, [dimension], plan),
          );
          expect(await totals(start, end, { groupBy: [], filters })).toEqual(await truth(start, end, [], plan));
          await compactUsageFully(db);
          expect(await totals(start, end, { groupBy: [dimension], filters })).toEqual(
            await truth(start, end, [dimension], plan),
          );
          await db.usageEntry.deleteMany({ where: { operatorId: operator.id } });
          await db.usageRollupDims15m.deleteMany({ where: { operatorId: operator.id } });
          await db.usageRollupDimsDaily.deleteMany({ where: { operatorId: operator.id } });
        },
      ),
      { numRuns: 25 },
    );
  });

  it("keys equal dimension sets alike whatever their order, and entries without any under {}", async () => {
    const occurredAt = new Date(origin);
    for (const extra of ['{"a":"x","b":1}', '{"b":1.0,"a":"x"}', null, "[1]"]) {
      await recordUsage(db, { operatorId: operator.id, meter: "m", usage: "1", extraInfo: extra, occurredAt });
    }
    await compactUsageFully(db);
    const rows = await db.usageRollupDimsDaily.findMany({ where: { operatorId: operator.id } });
    expect(
      rows
        .map((r) => [r.dimensions, r.events])
        .sort((a, b) => String(a[0]).length - String(b[0]).length)
        .reverse(),
    ).toEqual([
      ['{"a": "x", "b": 1}', 2n],
      ["{}", 2n],
    ]);
    const quarter = await db.usageRollupDims15m.findMany({ where: { operatorId: operator.id } });
    expect(quarter.map((r) => r.events).reduce((a, b) => a + b, 0n)).toBe(4n);
  });
});
