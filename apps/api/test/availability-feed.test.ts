import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";
import { purgeExpired } from "@slotwise/db";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api } from "./harness.ts";

interface Change {
  Sequence: number;
  ActivityID: string;
  Date: string;
  Time: string;
  Available: number;
  Capacity: number;
  Closed: boolean;
}
interface FeedAnswer {
  data: Change[];
  next: string;
}

let api: Api;
let key: string;
let demoId: number;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  demoId = (await api.db.operator.findUniqueOrThrow({ where: { slug: "demo" } })).id;
});

async function feed(cursor?: string): Promise<FeedAnswer> {
  const response = await api.request(
    `${OTA}/availability/changes${cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`}`,
    { key },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as FeedAnswer;
}

/** Follows `next` until an answer brings nothing new. */
async function drain(cursor: string): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  for (;;) {
    const page = await feed(cursor);
    changes.push(...page.data);
    cursor = page.next;
    if (page.data.length === 0) return { changes, cursor };
  }
}

describe("GET /availability/changes", () => {
  it("answers no changes without a cursor, then every change after it with the timeslot's state", async () => {
    const start = await feed();
    expect(start.data).toEqual([]);
    expect(typeof start.next).toBe("string");
    expect((await feed(start.next)).data).toEqual([]);

    const info = await openSlot(api.db, { free: 2 });
    const booked = await api.request(`${OTA}/booking`, { key, method: "POST", json: bookingBody(info) });
    expect(booked.status).toBe(201);
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: { increment: 5 } } });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { closed: true } });
    // A transaction that rolls back leaves no change behind.
    await expect(
      api.db.$transaction(async (tx) => {
        await tx.timeslot.update({ where: { id: info.slot.id }, data: { capacity: { increment: 1 } } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");

    const { changes } = await drain(start.next);
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    const at = { ActivityID: info.product.activityId, Date: info.date, Time: info.time };
    const taken = info.slot.placesTaken + info.product.minParticipants;
    expect(changes.map(({ Sequence: _, ...rest }) => rest)).toEqual([
      { ...at, Available: info.slot.capacity - taken, Capacity: info.slot.capacity, Closed: false },
      { ...at, Available: info.slot.capacity + 5 - taken, Capacity: info.slot.capacity + 5, Closed: false },
      { ...at, Available: slot.capacity - slot.placesTaken, Capacity: slot.capacity, Closed: true },
    ]);
    const sequences = changes.map((c) => c.Sequence);
    expect(sequences[1]).toBe(sequences[0]! + 1);
    expect(sequences[2]).toBe(sequences[1]! + 1);
  });

  it("pages at most 1,000 changes and resumes exactly where the last page ended", async () => {
    const start = await feed();
    const slots = await api.db.timeslot.findMany({
      where: { product: { operatorId: demoId, active: true } },
      select: { id: true },
      take: 1_500,
      orderBy: { id: "asc" },
    });
    expect(slots).toHaveLength(1_500);
    await api.db.timeslot.updateMany({
      where: { id: { in: slots.map((s) => s.id) } },
      data: { capacity: { increment: 1 } },
    });
    const first = await feed(start.next);
    expect(first.data).toHaveLength(1_000);
    const second = await feed(first.next);
    expect(second.data).toHaveLength(500);
    const all = [...first.data, ...second.data].map((c) => c.Sequence);
    expect(all).toEqual(Array.from({ length: 1_500 }, (_, i) => all[0]! + i));
    expect((await feed(second.next)).data).toEqual([]);
  });

  it("leaves out the changes of activities the partner may not sell", async () => {
    const start = await feed();
    const [hidden, shown] = await api.db.product.findMany({
      where: { operatorId: demoId, active: true },
      orderBy: { id: "asc" },
      take: 2,
      include: { timeslots: { where: { startsAt: { gt: new Date() } }, take: 1 } },
    });
    await api.db.product.update({ where: { id: hidden!.id }, data: { active: false } });
    try {
      await api.db.timeslot.update({ where: { id: hidden!.timeslots[0]!.id }, data: { capacity: { increment: 1 } } });
      await api.db.timeslot.update({ where: { id: shown!.timeslots[0]!.id }, data: { capacity: { increment: 1 } } });
      const { changes } = await drain(start.next);
      expect(changes.map((c) => c.ActivityID)).toEqual([shown!.activityId]);
      // Another operator's changes are never in this operator's feed.
      const harbourSlot = await api.db.timeslot.findFirstOrThrow({
        where: { product: { operator: { slug: "harbour" } }, startsAt: { gt: new Date() } },
      });
      await api.db.timeslot.update({ where: { id: harbourSlot.id }, data: { capacity: { increment: 1 } } });
      const after = await feed((await drain(start.next)).cursor);
      expect(after.data).toEqual([]);
    } finally {
      await api.db.product.update({ where: { id: hidden!.id }, data: { active: true } });
    }
  });

  it("leaves out the changes of activities sold only by other partners", async () => {
    const start = await feed();
    const [other, shared] = await api.db.product.findMany({
      where: { operatorId: demoId, active: true },
      orderBy: { id: "asc" },
      take: 2,
      include: { timeslots: { where: { startsAt: { gt: new Date() } }, take: 1 } },
    });
    await api.db.product.update({
      where: { id: other!.id },
      data: { allPartners: false, partnerSlugs: ["globetrek"] },
    });
    try {
      await api.db.timeslot.update({ where: { id: other!.timeslots[0]!.id }, data: { capacity: { increment: 1 } } });
      await api.db.timeslot.update({ where: { id: shared!.timeslots[0]!.id }, data: { capacity: { increment: 1 } } });
      const { changes } = await drain(start.next);
      expect(changes.map((c) => c.ActivityID)).toEqual([shared!.activityId]);
    } finally {
      await api.db.product.update({ where: { id: other!.id }, data: { allPartners: true, partnerSlugs: [] } });
    }
  });

  it("refuses a cursor it never gave, naming the field", async () => {
    for (const cursor of [
      "nope",
      "\u0000",
      "x".repeat(70),
      Buffer.from(`99999999999.${Date.now()}`).toString("base64url"),
    ]) {
      const response = await api.request(`${OTA}/availability/changes?cursor=${encodeURIComponent(cursor)}`, { key });
      expect(response.status).toBe(422);
      const { problem } = await problemOf(response);
      expect(problem.errors?.map((e) => e.field)).toEqual(["cursor"]);
    }
  });

  it("answers 410 cursor-expired for a cursor whose changes are past the 7 days kept", async () => {
    const start = await feed();
    const slot = await api.db.timeslot.findFirstOrThrow({
      where: { product: { operatorId: demoId, active: true }, startsAt: { gt: new Date() } },
    });
    await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: { increment: 1 } } });
    await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: { increment: 1 } } });
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await api.db.availabilityChange.updateMany({ where: { operatorId: demoId }, data: { recordedAt: eightDaysAgo } });
    const purged = await purgeExpired(api.db, new Date());
    expect(purged.availabilityChanges).toBeGreaterThanOrEqual(2);

    const response = await api.request(`${OTA}/availability/changes?cursor=${start.next}`, { key });
    expect(response.status).toBe(410);
    const { problem, contentType } = await problemOf(response);
    expect(contentType).toContain("application/problem+json");
    expect(problem.type).toMatch(/\/cursor-expired$/);
    // A cursor from now on reads on.
    const fresh = await feed();
    await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: { increment: 1 } } });
    expect((await drain(fresh.next)).changes).toHaveLength(1);
    // A cursor issued more than 7 days ago is refused even where nothing has changed since.
    const [after] = Buffer.from(fresh.next, "base64url").toString().split(".");
    const old = Buffer.from(`${after}.${eightDaysAgo.getTime()}`).toString("base64url");
    expect((await api.request(`${OTA}/availability/changes?cursor=${old}`, { key })).status).toBe(410);
  });

  it("gives availability.changed webhook events the change's Sequence", async () => {
    const start = await feed();
    const partner = await api.db.partner.findUniqueOrThrow({
      where: { operatorId_slug: { operatorId: demoId, slug: "acme-travel" } },
    });
    const endpoint = await api.db.webhookEndpoint.create({
      data: {
        operatorId: demoId,
        partnerId: partner.id,
        url: "https://hooks.example.com/a",
        events: ["availability.changed"],
        secret: "whsec_feed",
      },
    });
    try {
      const slot = await api.db.timeslot.findFirstOrThrow({
        where: { product: { operatorId: demoId, active: true }, startsAt: { gt: new Date() } },
        include: { product: true },
      });
      await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: { increment: 1 } } });
      const { changes } = await drain(start.next);
      const events = await api.db.webhookEvent.findMany({
        where: { deliveries: { some: { endpointId: endpoint.id } } },
      });
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toMatchObject({ sequence: changes[0]!.Sequence, timeslot_id: slot.id });
      const local = instantToLocal(slot.startsAt, slot.product.timeZone);
      expect(changes[0]).toMatchObject({ Date: local.date, Time: local.time });
    } finally {
      await api.db.webhookEndpoint.delete({ where: { id: endpoint.id } });
    }
  });
});
