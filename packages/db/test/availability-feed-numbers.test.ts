import { describe, expect, it } from "vitest";

import { availabilityFeedHead, purgeAvailabilityChanges } from "../src/changes/availability-feed.ts";
import type { Database } from "../src/client.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { operatorWithSlot } from "./fixtures.ts";

const { db } = await useTestDatabase();
const HOUR = 3_600_000;

/** The feed's numbers of the operator, in number order, with the timeslot each one is about. */
async function numbersOf(operatorId: number) {
  const rows = await db.availabilityChange.findMany({
    where: { operatorId },
    select: { sequence: true, timeslotId: true },
    orderBy: { sequence: "asc" },
  });
  return rows.map((row) => ({ sequence: Number(row.sequence), timeslotId: row.timeslotId }));
}

/** `count` new hourly timeslots of the product, `offsetHours` on from now, in the caller's statement. */
function insertTimeslots(tx: Pick<Database, "$executeRaw">, productId: number, count: number, offsetHours: number) {
  return tx.$executeRaw`
    INSERT INTO timeslots (product_id, starts_at, capacity)
    SELECT ${productId}, now() + (${offsetHours}::int + n) * interval '1 hour', 8 FROM generate_series(1, ${count}::int) n`;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("the availability feed's numbers", () => {
  it("number the many changes of one transaction gap-free, after the previous transaction's", async () => {
    const { operator, product, timeslot } = await operatorWithSlot(db, { slug: "feed-many", capacity: 4 });
    await db.timeslot.update({ where: { id: timeslot.id }, data: { placesTaken: 1 } });
    expect(await numbersOf(operator.id)).toEqual([
      { sequence: 1, timeslotId: timeslot.id },
      { sequence: 2, timeslotId: timeslot.id },
    ]);

    await db.$transaction(async (tx) => {
      await insertTimeslots(tx, product.id, 5_000, 100);
      await tx.timeslot.update({ where: { id: timeslot.id }, data: { closed: true } });
    });

    const numbers = await numbersOf(operator.id);
    expect(numbers.map((n) => n.sequence)).toEqual(range(1, 5_002 + 1));
    // Numbered in the order the transaction made its changes: the inserts, then the closing.
    const inserted = numbers.slice(2, -1).map((n) => n.timeslotId);
    expect(inserted).toEqual([...inserted].sort((a, b) => a - b));
    expect(numbers.at(-1)).toEqual({ sequence: 5_003, timeslotId: timeslot.id });
    expect(await availabilityFeedHead(db, operator.id)).toBe(5_003);
  });

  it("leave the head unchanged when a transaction that numbered its changes rolls back", async () => {
    const { operator, product } = await operatorWithSlot(db, { slug: "feed-rollback", capacity: 4 });
    const before = await db.availabilityFeedHead.findUniqueOrThrow({ where: { operatorId: operator.id } });

    await expect(
      db.$transaction(async (tx) => {
        await insertTimeslots(tx, product.id, 300, 200);
        // Runs the deferred trigger now, so the changes are numbered before the rollback.
        await tx.$executeRaw`SET CONSTRAINTS ALL IMMEDIATE`;
        const [numbered] = await tx.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM availability_changes WHERE operator_id = ${operator.id}`;
        expect(numbered?.n).toBe(301);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");

    expect(await numbersOf(operator.id)).toHaveLength(1);
    expect(await availabilityFeedHead(db, operator.id)).toBe(1);
    expect(await db.availabilityFeedHead.findUniqueOrThrow({ where: { operatorId: operator.id } })).toEqual(before);

    await insertTimeslots(db, product.id, 3, 200);
    expect((await numbersOf(operator.id)).map((n) => n.sequence)).toEqual([1, 2, 3, 4]);
  });

  it("number each operator on its own within one transaction", async () => {
    const a = await operatorWithSlot(db, { slug: "feed-two-a", capacity: 4 });
    const b = await operatorWithSlot(db, { slug: "feed-two-b", capacity: 4 });
    await db.$transaction(async (tx) => {
      await insertTimeslots(tx, a.product.id, 3, 300);
      await insertTimeslots(tx, b.product.id, 2, 300);
      await insertTimeslots(tx, a.product.id, 2, 400);
    });
    expect((await numbersOf(a.operator.id)).map((n) => n.sequence)).toEqual(range(1, 6));
    expect((await numbersOf(b.operator.id)).map((n) => n.sequence)).toEqual(range(1, 3));
  });

  it("number by commit: a transaction that commits first gets the lower numbers", async () => {
    const { operator, product } = await operatorWithSlot(db, { slug: "feed-commit-order", capacity: 4 });
    let otherCommitted!: () => void;
    const committed = new Promise<void>((resolve) => (otherCommitted = resolve));
    const first = db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO timeslots (product_id, starts_at, capacity) VALUES (${product.id}, now() + interval '500 hours', 8)
        RETURNING id`;
      await committed;
      return row!.id;
    });
    const [second] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO timeslots (product_id, starts_at, capacity) VALUES (${product.id}, now() + interval '501 hours', 8)
      RETURNING id`;
    otherCommitted();
    const firstId = await first;
    expect(await numbersOf(operator.id)).toEqual([
      expect.objectContaining({ sequence: 1 }),
      { sequence: 2, timeslotId: second!.id },
      { sequence: 3, timeslotId: firstId },
    ]);
  });

  it("go on after the newest number once every change has been purged", async () => {
    const { operator, product } = await operatorWithSlot(db, { slug: "feed-purged", capacity: 4 });
    await insertTimeslots(db, product.id, 4, 600);
    expect(await purgeAvailabilityChanges(db, new Date(Date.now() + HOUR), 500)).toBeGreaterThanOrEqual(5);
    expect(await numbersOf(operator.id)).toEqual([]);
    expect(await db.availabilityFeedHead.findUniqueOrThrow({ where: { operatorId: operator.id } })).toMatchObject({
      purgedThrough: 5n,
    });
    expect(await availabilityFeedHead(db, operator.id)).toBe(5);

    await insertTimeslots(db, product.id, 2, 700);
    expect((await numbersOf(operator.id)).map((n) => n.sequence)).toEqual([6, 7]);
  });
});
