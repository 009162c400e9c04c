import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";
import { useTestDatabase } from "@slotwise/db/testing";
import { spawnApis, type ApiProcess } from "@slotwise/testing/processes";

import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { issueKey, OTA } from "./harness.ts";

interface Change {
  Sequence: number;
  ActivityID: string;
  Date: string;
  Time: string;
  Available: number;
  Capacity: number;
  Closed: boolean;
}

const { db, url } = await useTestDatabase({ content: "demo" });
let apis: ApiProcess[] = [];
afterAll(async () => {
  await Promise.all(apis.map((a) => a.stop()));
});

describe("the availability feed with two API processes writing at once", () => {
  beforeAll(async () => {
    apis = await spawnApis(2, { DATABASE_URL: url });
  });

  it("shows a follower every change once, in order, ending equal to the database", async () => {
    const key = await issueKey(db);
    const get = async (base: string, path: string) => {
      const response = await fetch(`${base}${OTA}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as { data: Change[]; next: string };
    };
    const slots: SlotInfo[] = [];
    for (const productName of ["Sintra & Cascais Day Trip", "Tuk-Tuk Hills Tour"]) {
      const info = await openSlot(db, { productName });
      await db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 70 } });
      slots.push(info);
    }
    let cursor = (await get(apis[0]!.base, "/availability/changes")).next;

    const seen: Change[] = [];
    let loading = true;
    let reads = 0;
    const follow = async () => {
      // Each answer comes from either process, as a partner behind a load balancer would see it.
      for (;;) {
        const done = !loading;
        const page = await get(apis[reads++ % 2]!.base, `/availability/changes?cursor=${cursor}`);
        seen.push(...page.data);
        cursor = page.next;
        if (done && page.data.length === 0) return;
        if (page.data.length === 0) await new Promise((r) => setTimeout(r, 5));
      }
    };
    const follower = follow();

    // Bookings from both processes at once, each half followed by its cancellation, so that the
    // same timeslots change in both directions while the follower reads.
    const load = Array.from({ length: 120 }, async (_, i) => {
      const info = slots[i % slots.length]!;
      const base = apis[i % 2]!.base;
      const response = await fetch(`${base}${OTA}/booking`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(
          bookingBody(info, {
            Participants: 1,
            Customer: { FirstName: "F", LastName: String(i), Email: `f${i}@example.com`, Phone: "+351912345678" },
          }),
        ),
      });
      if (response.status !== 201) return response.status;
      const { data } = (await response.json()) as { data: { Reference: string } };
      if (i % 3 === 0) {
        const cancelled = await fetch(`${apis[(i + 1) % 2]!.base}${OTA}/booking/${data.Reference}/cancel`, {
          method: "POST",
          headers: { Authorization: `Bearer ${key}` },
        });
        expect(cancelled.status).toBe(200);
      }
      return 201;
    });
    const statuses = await Promise.all(load);
    loading = false;
    await follower;

    expect(statuses.filter((s) => s === 201)).toHaveLength(120);
    const sequences = seen.map((c) => c.Sequence);
    // Every change of the operator is this partner's (all its activities are active): gap-free.
    expect(sequences).toEqual(Array.from({ length: seen.length }, (_, i) => sequences[0]! + i));
    expect(seen.length).toBe(120 + 40);

    for (const info of slots) {
      const slot = await db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
      const local = instantToLocal(slot.startsAt, info.product.timeZone);
      const mine = seen.filter(
        (c) => c.ActivityID === info.product.activityId && c.Date === local.date && c.Time === local.time,
      );
      expect(mine.at(-1)).toMatchObject({
        Available: slot.capacity - slot.placesTaken,
        Capacity: slot.capacity,
        Closed: slot.closed,
      });
      // Free places move by one place per change: a change out of order would jump.
      for (let i = 1; i < mine.length; i++) {
        expect(Math.abs(mine[i]!.Available - mine[i - 1]!.Available)).toBe(1);
      }
    }
  });
});
