import { beforeAll, describe, expect, it } from "vitest";

import { findProductByName, listActiveProducts, timeslotsAt } from "../src/catalog/products.ts";
import { useTestDatabase } from "../src/testing/use-test-database.ts";

const { db } = await useTestDatabase();
let operatorId: number;

const NAMES = [
  "100% Fun Tour",
  "Tuk_Tuk Ride",
  "Back\\slash Walk",
  "1000 Fun Tour",
  "TukXTuk Ride",
  "Backslash Walk",
  "Plain Tour",
];

beforeAll(async () => {
  const operator = await db.operator.create({ data: { slug: "literal", name: "Literal", timeZone: "UTC" } });
  operatorId = operator.id;
  await db.product.createMany({
    data: NAMES.map((name, i) => ({
      activityId: `s_literal${i}00000`,
      operatorId,
      name,
      durationMinutes: 60,
      timeZone: "UTC",
      priceAmount: 100,
      currency: "EUR",
      maxParticipants: 4,
    })),
  });
});

const listed = async (name: string) => (await listActiveProducts(db, operatorId, name)).map((p) => p.name).sort();

describe("product names are matched literally", () => {
  it("finds a product by its exact name, whatever the case, wildcard characters included", async () => {
    for (const name of NAMES) expect((await findProductByName(db, operatorId, name.toUpperCase()))?.name).toBe(name);
  });

  it("takes %, _ and backslash in a name as themselves, not as wildcards", async () => {
    for (const name of ["%", "_", "%%", "100_ Fun Tour", "Tuk%Ride", "Back%Walk", "Backslash_Walk"])
      expect(await findProductByName(db, operatorId, name)).toBeNull();
  });

  it("filters by a literal part of the name", async () => {
    expect(await listed("%")).toEqual(["100% Fun Tour"]);
    expect(await listed("_")).toEqual(["Tuk_Tuk Ride"]);
    expect(await listed("\\")).toEqual(["Back\\slash Walk"]);
    expect(await listed("k_t")).toEqual(["Tuk_Tuk Ride"]);
    expect(await listed("fun tour")).toEqual(["100% Fun Tour", "1000 Fun Tour"]);
  });
});

describe("timeslotsAt", () => {
  it("reads the same timeslots on the pool and in a transaction as Prisma's own query, earliest first", async () => {
    const product = await db.product.findFirstOrThrow({ where: { operatorId } });
    const instants = [new Date("2026-10-25T00:30:00Z"), new Date("2026-10-25T01:30:00Z")];
    for (const [i, startsAt] of [...instants].reverse().entries())
      await db.timeslot.create({ data: { productId: product.id, startsAt, capacity: 4 + i, placesTaken: i } });
    const expected = await db.timeslot.findMany({
      where: { productId: product.id, startsAt: { in: instants } },
      orderBy: { startsAt: "asc" },
    });
    expect(expected.map((s) => s.startsAt)).toEqual(instants);
    expect(await timeslotsAt(db, product.id, instants)).toStrictEqual(expected);
    expect(await db.$transaction((tx) => timeslotsAt(tx, product.id, instants))).toStrictEqual(expected);
    expect(await timeslotsAt(db, product.id, [new Date("2026-10-25T02:30:00Z")])).toEqual([]);
  });
});
