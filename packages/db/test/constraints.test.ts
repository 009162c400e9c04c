import { describe, expect, it } from "vitest";

import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { operatorWithSlot } from "./fixtures.ts";

const { db } = await useTestDatabase();
const { product, timeslot } = await operatorWithSlot(db, { slug: "constraints", capacity: 5 });

describe("the database holds the invariants itself", () => {
  it("rejects places taken above capacity, even from a direct SQL update", async () => {
    await expect(db.$executeRaw`UPDATE timeslots SET places_taken = 6 WHERE id = ${timeslot.id}`).rejects.toThrow(
      /timeslots_places_taken_check/,
    );
    await expect(db.$executeRaw`UPDATE timeslots SET places_taken = 5 WHERE id = ${timeslot.id}`).resolves.toBe(1);
    await expect(db.$executeRaw`UPDATE timeslots SET capacity = 4 WHERE id = ${timeslot.id}`).rejects.toThrow(
      /timeslots_places_taken_check/,
    );
  });

  it("rejects places taken below zero", async () => {
    await expect(
      db.$executeRaw`UPDATE timeslots SET places_taken = places_taken - 6 WHERE id = ${timeslot.id}`,
    ).rejects.toThrow(/timeslots_places_taken_check/);
  });

  it("rejects a second timeslot for the same product and start", async () => {
    await expect(
      db.timeslot.create({ data: { productId: product.id, startsAt: timeslot.startsAt, capacity: 3 } }),
    ).rejects.toThrow(/Unique constraint/);
  });

  it("rejects ActivityIDs not of the s_ form and impossible participant bounds", async () => {
    const base = {
      operatorId: product.operatorId,
      name: "x",
      durationMinutes: 60,
      timeZone: "UTC",
      priceAmount: 0,
      currency: "EUR",
    };
    await expect(db.product.create({ data: { ...base, activityId: "bad-id", maxParticipants: 2 } })).rejects.toThrow(
      /products_activity_id_check/,
    );
    await expect(
      db.product.create({ data: { ...base, activityId: "s_okokok1", minParticipants: 3, maxParticipants: 2 } }),
    ).rejects.toThrow(/products_participants_check/);
  });

  it("rejects usage that is not positive", async () => {
    await expect(
      db.usageEntry.create({
        data: { operatorId: product.operatorId, meter: "m", usage: "0", occurredAt: new Date() },
      }),
    ).rejects.toThrow(/usage_entries_usage_check/);
  });

  it("rejects a timeslot of a product that does not exist", async () => {
    await expect(
      db.$executeRaw`INSERT INTO timeslots (product_id, starts_at, capacity) VALUES (999999, now(), 1)`,
    ).rejects.toThrow(/timeslots_product_id_fkey/);
  });
});
