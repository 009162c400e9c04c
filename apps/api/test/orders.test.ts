import { beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_HOLD_BUDGET, instantToLocal } from "@slotwise/core";
import { seal } from "@slotwise/db/testing";

import { cancelBookings } from "../src/services/booking-cancellation.ts";
import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api } from "./harness.ts";
import { todaySlot } from "./today-slot.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

interface OrderView {
  OrderID: string;
  Status: string;
  ExpiresAt: number | null;
  Total: { Amount: number; Currency: string };
  Bookings: {
    Reference: string;
    Status: string;
    Participants: number;
    Total: { Amount: number };
    Tickets?: { UnitID: string; Code: string; Url: string }[];
    CheckedIn?: number;
  }[];
}

const CUSTOMER = { FirstName: "Rui", LastName: "Costa", Email: "rui@example.com", Phone: "+351 912 000 111" };
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.request(`${OTA}${path}`, { method: "POST", key, headers, ...(body === undefined ? {} : { json: body }) });
const read = async (response: Response) => ((await response.json()) as { data: OrderView }).data;
const placesTaken = async (timeslotId: number) =>
  (await api.db.timeslot.findUniqueOrThrow({ where: { id: timeslotId } })).placesTaken;
/** Two different open timeslots with room, of different activities when the demo has them. */
async function twoSlots(free: number): Promise<[SlotInfo, SlotInfo]> {
  const a = await openSlot(api.db, { free });
  const slot = await api.db.timeslot.findFirstOrThrow({
    where: {
      id: { not: a.slot.id },
      closed: false,
      startsAt: { gt: new Date(Date.now() + 2 * 86_400_000) },
      product: {
        operator: { slug: "demo" },
        id: { not: a.product.id },
        minParticipants: 1,
        maxParticipants: { gte: 2 },
      },
    },
    include: { product: { include: { questions: { orderBy: { position: "asc" } } } } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: slot.placesTaken + free } });
  const local = instantToLocal(slot.startsAt, slot.product.timeZone);
  return [a, { slot, product: slot.product, date: local.date, time: local.time }];
}

/** Leaves exactly `free` places in the slot. */
async function leave(info: SlotInfo, free: number) {
  const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
  await api.db.timeslot.update({ where: { id: slot.id }, data: { capacity: slot.placesTaken + free } });
  return slot.placesTaken;
}

function item(info: SlotInfo, participants: number) {
  const { Customer: _customer, PaymentReference: _ref, ...body } = bookingBody(info, { Participants: participants });
  return body;
}

describe("orders", () => {
  it("hold every item with one expiry, confirm all with tickets, read back, cancel all", async () => {
    const [a, b] = await twoSlots(2);
    const before = { a: await placesTaken(a.slot.id), b: await placesTaken(b.slot.id) };
    const created = await post("/orders", { Items: [item(a, 2), item(b, 1)], HoldMinutes: 15 });
    expect(created.status).toBe(201);
    const order = await read(created);
    expect(created.headers.get("location")).toBe(`/api/v2/ota/acme-travel/orders/${order.OrderID}`);
    expect(order.Status).toBe("on_hold");
    expect(order.Bookings.map((x) => x.Status)).toEqual(["on_hold", "on_hold"]);
    expect(order.ExpiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(order.Total.Amount).toBe(order.Bookings[0]!.Total.Amount + order.Bookings[1]!.Total.Amount);
    expect(await placesTaken(a.slot.id)).toBe(before.a + 2);
    expect(await placesTaken(b.slot.id)).toBe(before.b + 1);

    const lacking = await post(`/orders/${order.OrderID}/confirm`, {});
    expect(lacking.status).toBe(422);
    const confirmed = await read(await post(`/orders/${order.OrderID}/confirm`, { Customer: CUSTOMER }));
    expect(confirmed.Status).toBe("confirmed");
    expect(confirmed.Bookings.map((x) => x.Status)).toEqual(["confirmed", "confirmed"]);
    expect(confirmed.Bookings.map((x) => x.Tickets?.length)).toEqual([2, 1]);
    for (const ticket of confirmed.Bookings.flatMap((x) => x.Tickets ?? [])) {
      expect(ticket.Code).toMatch(/^[0-9a-f]{32}$/);
      expect(ticket.Url).toBe(`http://api.test/api/v2/tickets/${ticket.Code}`);
    }

    const got = await api.request(`${OTA}/orders/${order.OrderID}`, { key });
    expect(got.status).toBe(200);
    expect(await read(got)).toEqual(confirmed);
    const again = await post(`/orders/${order.OrderID}/confirm`, {});
    expect(again.status).toBe(200);
    expect(await read(again)).toEqual(confirmed);

    const cancelled = await read(await post(`/orders/${order.OrderID}/cancel`));
    expect(cancelled.Status).toBe("cancelled");
    expect(cancelled.Bookings.map((x) => x.Status)).toEqual(["cancelled", "cancelled"]);
    expect(await placesTaken(a.slot.id)).toBe(before.a);
  });

  it("cancel nothing when one booking may not be cancelled, though those before it may", async () => {
    const [a, b] = await twoSlots(1);
    const order = await read(await post("/orders", { Items: [item(a, 1), item(b, 1)], HoldMinutes: 15 }));
    expect((await post(`/orders/${order.OrderID}/confirm`, { Customer: CUSTOMER })).status).toBe(200);
    const taken = { a: await placesTaken(a.slot.id), b: await placesTaken(b.slot.id) };
    // The booking cancelled last (highest id) is the one whose policy refuses a partner's cancel.
    const bookings = await api.db.booking.findMany({
      where: { reference: { in: order.Bookings.map((x) => x.Reference) } },
      orderBy: { id: "asc" },
    });
    await api.db.booking.update({ where: { id: bookings[1]!.id }, data: { cancellationPolicy: [] } });

    const refused = await post(`/orders/${order.OrderID}/cancel`);
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).problem.type).toMatch(/not-cancellable$/);
    const after = await api.db.booking.findMany({
      where: { id: { in: bookings.map((x) => x.id) } },
      include: { events: { where: { type: "cancelled" } } },
    });
    expect(after.map((x) => [x.status, x.events.length])).toEqual([
      ["CONFIRMED", 0],
      ["CONFIRMED", 0],
    ]);
    expect({ a: await placesTaken(a.slot.id), b: await placesTaken(b.slot.id) }).toEqual(taken);
    const got = await read(await api.request(`${OTA}/orders/${order.OrderID}`, { key }));
    expect(got.Status).toBe("confirmed");
  });

  it("cancel nothing when one booking is refused only as its cancel locks it", async () => {
    const [a, b] = await twoSlots(1);
    const order = await read(await post("/orders", { Items: [item(a, 1), item(b, 1)], HoldMinutes: 15 }));
    expect((await post(`/orders/${order.OrderID}/confirm`, { Customer: CUSTOMER })).status).toBe(200);
    const taken = { a: await placesTaken(a.slot.id), b: await placesTaken(b.slot.id) };
    // Read while both may be cancelled; then the later one's policy changes before the cancel locks it.
    const readBefore = await api.db.booking.findMany({
      where: { reference: { in: order.Bookings.map((x) => x.Reference) } },
      orderBy: { id: "asc" },
    });
    await api.db.booking.update({ where: { id: readBefore[1]!.id }, data: { cancellationPolicy: [] } });

    const ctx = { db: seal(api.db), cache: api.cache, now: () => new Date() };
    await expect(cancelBookings(ctx, readBefore, "partner:acme-travel", "partner")).rejects.toMatchObject({
      kind: "not-cancellable",
    });
    const after = await api.db.booking.findMany({ where: { id: { in: readBefore.map((x) => x.id) } } });
    expect(after.map((x) => x.status)).toEqual(["CONFIRMED", "CONFIRMED"]);
    expect({ a: await placesTaken(a.slot.id), b: await placesTaken(b.slot.id) }).toEqual(taken);
  });

  it("cannot be cancelled by the partner once a guest of one booking has checked in, cancelling none", async () => {
    const today = await todaySlot(api.db);
    const later = await openSlot(api.db, { free: 1 });
    const held = await read(await post("/orders", { Items: [item(today, 1), item(later, 1)], HoldMinutes: 15 }));
    const confirmed = await read(await post(`/orders/${held.OrderID}/confirm`, { Customer: CUSTOMER }));
    const checkinKey = await api.key({ scopes: ["checkin"] });
    const code = confirmed.Bookings[0]!.Tickets![0]!.Code;
    const scan = await api.request("/api/v2/operator/check-ins", {
      method: "POST",
      key: checkinKey,
      json: { Code: code },
    });
    expect(scan.status).toBe(200);
    const refused = await post(`/orders/${held.OrderID}/cancel`);
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).problem.type).toMatch(/not-cancellable$/);
    const after = await read(await api.request(`${OTA}/orders/${held.OrderID}`, { key }));
    expect(after.Bookings.map((x) => x.Status)).toEqual(["confirmed", "confirmed"]);
    // Every read quotes it as the cancel decides: not cancellable, with its guest checked in.
    const reference = confirmed.Bookings[0]!.Reference;
    const quoted = await read(await post(`/booking/${reference}/cancel?dryRun=true`));
    expect(quoted).toMatchObject({ CheckedIn: 1, Cancellation: { Cancellable: false } });
    const listed = await api.request(`${OTA}/bookings?from=${today.date}&to=${today.date}`, { key });
    const found = ((await listed.json()) as { data: { Reference: string }[] }).data.find(
      (b) => b.Reference === reference,
    );
    expect(found).toMatchObject({ CheckedIn: 1, Cancellation: { Cancellable: false } });
    // Nor can the checked-in booking be changed: its guest has taken the place booked.
    const changed = await post(`/booking/${confirmed.Bookings[0]!.Reference}/change`, { Participants: 2 });
    expect(changed.status).toBe(409);
    expect((await problemOf(changed)).problem.type).toMatch(/booking-not-changeable$/);
  });

  it("hold nothing when one item fails, naming it", async () => {
    const [a, full] = await twoSlots(2);
    await leave(full, 1);
    await api.settled();
    const before = await placesTaken(a.slot.id);
    const orders = await api.db.order.count();
    const response = await post("/orders", { Items: [item(a, 1), item(full, 2)], HoldMinutes: 10 });
    expect(response.status).toBe(409);
    const { problem } = await problemOf(response);
    expect(problem).toMatchObject({ type: "http://api.test/problems/insufficient-capacity", item: 1, available: 1 });
    expect(await placesTaken(a.slot.id)).toBe(before);
    expect(await api.db.order.count()).toBe(orders);
  });

  it("count the same timeslot twice together", async () => {
    // An activity that sells single places, so that 2 + 1 is a valid split of the last 3.
    const slot = await openSlot(api.db, { free: 3, productName: "Fado Night in Mouraria" });
    const taken = await leave(slot, 3);
    await api.settled();
    const response = await post("/orders", { Items: [item(slot, 2), item(slot, 2)], HoldMinutes: 10 });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).problem).toMatchObject({ item: 1, available: 1 });
    const fits = await post("/orders", { Items: [item(slot, 2), item(slot, 1)], HoldMinutes: 10 });
    expect(fits.status).toBe(201);
    expect(await placesTaken(slot.slot.id)).toBe(taken + 3);
  });

  it("refuse 11 items and name a bad item's field", async () => {
    const slot = await openSlot(api.db, { free: 1 });
    const eleven = await post("/orders", { Items: Array.from({ length: 11 }, () => item(slot, 1)), HoldMinutes: 5 });
    expect(eleven.status).toBe(422);
    expect((await problemOf(eleven)).problem.errors?.[0]?.field).toBe("Items");
    const bad = await post("/orders", {
      Items: [item(slot, 1), { ...item(slot, 1), Units: [{ UnitID: "dragon", Quantity: 1 }], Participants: undefined }],
      HoldMinutes: 5,
    });
    expect(bad.status).toBe(422);
    expect((await problemOf(bad)).problem.errors?.[0]?.field).toMatch(/^Items\[1\]\.Units/);
  });

  it("are idempotent: the same key answers the same order", async () => {
    const slot = await openSlot(api.db, { free: 2 });
    const body = { Items: [item(slot, slot.product.minParticipants)], HoldMinutes: 5 };
    const first = await post("/orders", body, { "Idempotency-Key": "order-once" });
    const second = await post("/orders", body, { "Idempotency-Key": "order-once" });
    expect(first.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await read(second)).toEqual(await read(first));
    // A retry spelling the partner another way is the same request.
    const respelt = await api.request("/api/v2/ota/ACME-TRAVEL/orders", {
      method: "POST",
      key,
      json: body,
      headers: { "Idempotency-Key": "order-once" },
    });
    expect(respelt.status).toBe(201);
    expect(respelt.headers.get("idempotent-replayed")).toBe("true");
  });

  it("crossing orders at once never deadlock", async () => {
    const [a, other] = await twoSlots(5);
    await leave(a, 5);
    await api.settled();
    const ab = { Items: [item(a, 1), item(other, 1)], HoldMinutes: 5 };
    const ba = { Items: [item(other, 1), item(a, 1)], HoldMinutes: 5 };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post("/orders", i % 2 ? ab : ba)));
    // Five places each: five orders are held whole, the other seven refused whole.
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(5).fill(201), ...Array<number>(7).fill(409)]);
    expect(await placesTaken(a.slot.id)).toBe(
      (await api.db.timeslot.findUniqueOrThrow({ where: { id: a.slot.id } })).capacity,
    );
    expect(await placesTaken(other.slot.id)).toBe(
      (await api.db.timeslot.findUniqueOrThrow({ where: { id: other.slot.id } })).capacity,
    );
  });

  it("count all their items' places together against the key's hold budget", async () => {
    const budgetKey = await api.key();
    const asKey = (path: string, body?: unknown) =>
      api.request(`${OTA}${path}`, { method: "POST", key: budgetKey, ...(body === undefined ? {} : { json: body }) });
    // The key's other holds take all but one place of its budget.
    const other = await openSlot(api.db, { free: 2 });
    const held = await asKey("/booking", { ...item(other, other.product.minParticipants), HoldMinutes: 30 });
    expect(held.status).toBe(201);
    const { Reference } = ((await held.json()) as { data: { Reference: string } }).data;
    await api.db.booking.update({
      where: { reference: Reference },
      data: { participants: DEFAULT_HOLD_BUDGET.placesPerKey - 1 },
    });
    try {
      const [, slot] = await twoSlots(2);
      await api.settled();
      const before = await placesTaken(slot.slot.id);
      const orders = await api.db.order.count();
      // Each item alone fits the budget; the order's two together do not.
      const refused = await asKey("/orders", { Items: [item(slot, 1), item(slot, 1)], HoldMinutes: 10 });
      expect(refused.status).toBe(409);
      const { problem } = await problemOf(refused);
      expect(problem.type).toBe("http://api.test/problems/hold-limit-reached");
      expect(problem.detail).toContain(`take ${DEFAULT_HOLD_BUDGET.placesPerKey - 1} places`);
      expect(await placesTaken(slot.slot.id)).toBe(before);
      expect(await api.db.order.count()).toBe(orders);

      const fits = await asKey("/orders", { Items: [item(slot, 1)], HoldMinutes: 10 });
      expect(fits.status).toBe(201);
      expect(await placesTaken(slot.slot.id)).toBe(before + 1);
      expect((await asKey(`/orders/${(await read(fits)).OrderID}/cancel`)).status).toBe(200);
    } finally {
      await asKey(`/booking/${Reference}/cancel`);
    }
  });

  it("cannot be confirmed past an item's booking cut-off, confirming none", async () => {
    const [a, late] = await twoSlots(2);
    await api.settled();
    const order = await read(await post("/orders", { Items: [item(a, 1), item(late, 1)], HoldMinutes: 15 }));
    // The cut-off of the second item's activity moves to just before now: held before it, confirmed after.
    const minutesToStart = Math.floor((late.slot.startsAt.getTime() - Date.now()) / 60_000);
    const cutoff = (bookingCutoffMinutes: number) =>
      api.db.product.update({ where: { id: late.product.id }, data: { bookingCutoffMinutes } });
    await cutoff(minutesToStart + 1);
    try {
      const refused = await post(`/orders/${order.OrderID}/confirm`, { Customer: CUSTOMER });
      expect(refused.status).toBe(409);
      const { problem } = await problemOf(refused);
      expect(problem.type).toBe("http://api.test/problems/timeslot-unavailable");
      expect(problem.detail).toBe("This timeslot is past its booking cut-off");
      const still = await read(await api.request(`${OTA}/orders/${order.OrderID}`, { key }));
      expect(still.Bookings.map((x) => x.Status)).toEqual(["on_hold", "on_hold"]);
    } finally {
      await cutoff(late.product.bookingCutoffMinutes);
      await post(`/orders/${order.OrderID}/cancel`);
    }
  });

  it("are another partner's as unknown", async () => {
    const other = await api.key({ partner: "globetrek" });
    const slot = await openSlot(api.db, { free: 2 });
    const order = await read(
      await post("/orders", { Items: [item(slot, slot.product.minParticipants)], HoldMinutes: 5 }),
    );
    const response = await api.request(`/api/v2/ota/globetrek/orders/${order.OrderID}`, { key: other });
    expect(response.status).toBe(404);
  });
});
