import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { useTestDatabase } from "@slotwise/db/testing";
import { spawnApis, type ApiProcess } from "@slotwise/testing/processes";

import { bookingBody, openSlot } from "./fixtures.ts";
import { issueKey, OTA } from "./harness.ts";

const { db, url } = await useTestDatabase({ content: "demo" });
let apis: ApiProcess[] = [];
beforeAll(async () => {
  apis = await spawnApis(2, { DATABASE_URL: url });
});
afterAll(async () => {
  await Promise.all(apis.map((a) => a.stop()));
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("holds on two API processes", () => {
  it("expire on their own and give their places back once, with no request arriving", async () => {
    const key = await issueKey(db);
    const info = await openSlot(db, { free: 4 });
    const holds: string[] = [];
    for (const [i, api] of apis.entries()) {
      const { Customer: _customer, ...body } = bookingBody(info, { Participants: 2, HoldMinutes: 1 });
      const response = await fetch(`${api.base}${OTA}/booking`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": `hold-${i}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      holds.push(((await response.json()) as { data: { Reference: string } }).data.Reference);
    }
    expect((await db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } })).placesTaken).toBe(
      info.slot.placesTaken + 4,
    );
    // The minute passes: only the deadline moves, and from here on nothing but the database is asked.
    await db.booking.updateMany({ where: { reference: { in: holds } }, data: { expiresAt: new Date() } });
    const expired = await until(
      () => db.booking.findMany({ where: { reference: { in: holds } }, select: { status: true } }),
      (rows) => rows.every((row) => row.status === "EXPIRED"),
      60_000,
    );
    expect(expired.map((row) => row.status)).toEqual(["EXPIRED", "EXPIRED"]);
    const slot = await db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(info.slot.placesTaken);
    const events = await db.bookingEvent.findMany({
      where: { booking: { reference: { in: holds } }, type: "expired" },
    });
    expect(events).toHaveLength(2);
  });
});
