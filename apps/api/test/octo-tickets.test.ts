import { randomUUID } from "node:crypto";

import { BookingStatus, DeliveryFormat, zBooking, zProduct, type Booking as OctoBooking } from "@octocloud/types";
import { beforeAll, describe, expect, it } from "vitest";

import { toOffsetIso } from "@slotwise/core";

import { openSlot, type SlotInfo } from "./fixtures.ts";
import { OTA, problemOf, PUBLIC_BASE, startApi, type Api } from "./harness.ts";
import { todaySlot } from "./today-slot.ts";

let api: Api;
let key: string;
let checkinKey: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  checkinKey = await api.key({ scopes: ["checkin"] });
});

const contact = { firstName: "Ana", lastName: "Silva", emailAddress: "ana@example.com" };

async function octo(method: string, path: string, body?: unknown): Promise<{ status: number; body: OctoBooking }> {
  const response = await api.request(`/octo${path}`, { method, key, ...(body === undefined ? {} : { json: body }) });
  const json: unknown = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  // Checked against the package's runtime schema, then read as the package types it.
  return { status: response.status, body: zBooking.parse(json) as unknown as OctoBooking };
}

/** Reserves and confirms a family of two adults and a child on the river cruise. */
async function confirmedFamily(info: Pick<SlotInfo, "slot" | "product">) {
  const uuid = randomUUID();
  const held = await octo("POST", "/bookings", {
    uuid,
    productId: info.product.activityId,
    optionId: "DEFAULT",
    availabilityId: toOffsetIso(info.slot.startsAt, info.product.timeZone),
    unitItems: [{ unitId: "adult" }, { unitId: "child" }, { unitId: "adult" }],
  });
  // A hold has no tickets yet: each unit item's ticket has nothing to deliver.
  expect(held.body.unitItems.map((item) => item.ticket?.deliveryOptions)).toEqual([[], [], []]);
  expect(held.body.voucher?.deliveryOptions).toEqual([]);
  const confirmed = await octo("POST", `/bookings/${uuid}/confirm`, { contact });
  return { uuid, booking: confirmed.body };
}

const scan = (Code: string) =>
  api.request("/api/v2/operator/check-ins", { method: "POST", key: checkinKey, json: { Code } });

describe("OCTO tickets", () => {
  it("gives each unit item of a confirmed booking its ticket: the code as a QR code and the ticket's page", async () => {
    const info = await openSlot(api.db, { productName: "Age of Discovery River Cruise", free: 3 });
    const product = await api.request(`/octo/products/${info.product.activityId}`, { key });
    const described = zProduct.parse(await product.json());
    expect(described.deliveryMethods).toEqual(expect.arrayContaining(["TICKET", "VOUCHER"]));
    expect(described.deliveryFormats).toEqual(expect.arrayContaining(["QRCODE", "PDF_URL"]));

    const { uuid, booking } = await confirmedFamily(info);
    expect(booking.status).toBe("CONFIRMED");
    expect(booking.deliveryMethods).toEqual(["TICKET", "VOUCHER"]);
    const stored = await api.db.ticket.findMany({
      where: { booking: { octoUuid: uuid } },
      orderBy: [{ unitId: "asc" }, { position: "asc" }],
    });
    expect(stored).toHaveLength(3);
    const codes = booking.unitItems.map((item) => {
      const options = item.ticket?.deliveryOptions ?? [];
      const code = options.find((o) => o.deliveryFormat === DeliveryFormat.QRCODE)?.deliveryValue ?? "";
      expect(item.ticket?.redemptionMethod).toBe("DIGITAL");
      expect(item.ticket?.utcRedeemedAt).toBeNull();
      expect(options.find((o) => o.deliveryFormat === DeliveryFormat.PDF_URL)?.deliveryValue).toBe(
        `${PUBLIC_BASE}/api/v2/tickets/${code}`,
      );
      // Each unit item's ticket is one of that unit's tickets.
      expect(stored.find((t) => t.code === code)?.unitId).toBe(item.unitId);
      return code;
    });
    expect(new Set(codes).size).toBe(3);
    // The voucher holds every person's ticket.
    expect(
      booking.voucher?.deliveryOptions
        .filter((o) => o.deliveryFormat === DeliveryFormat.QRCODE)
        .map((o) => o.deliveryValue),
    ).toEqual(expect.arrayContaining(codes));
    expect(booking.voucher?.utcRedeemedAt).toBeNull();
    // The same tickets as REST answers for the booking, each with its page.
    const rest = await api.request(`${OTA}/booking/${booking.supplierReference}`, { key });
    const tickets = ((await rest.json()) as { data: { Tickets: { Code: string; Url: string }[] } }).data.Tickets;
    expect(tickets.map((t) => t.Code).sort()).toEqual([...codes].sort());
    const page = await api.request(`/api/v2/tickets/${codes[0]}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(codes[0]);
  });

  it("shows each person redeemed once checked in, and the booking once all of them are", async () => {
    // Check-in takes today's tickets only: a cruise with a timeslot today in its zone.
    const { uuid, booking } = await confirmedFamily(await todaySlot(api.db));
    const codeOf = (item: OctoBooking["unitItems"][number]) =>
      item.ticket?.deliveryOptions.find((o) => o.deliveryFormat === DeliveryFormat.QRCODE)?.deliveryValue ?? "";

    const first = await scan(codeOf(booking.unitItems[1]!));
    expect(first.status).toBe(200);
    const checkedInAt = ((await first.json()) as { data: { CheckedInAt: string } }).data.CheckedInAt;
    const partly = (await octo("GET", `/bookings/${uuid}`)).body;
    expect(partly.status).toBe("CONFIRMED");
    expect(partly.utcRedeemedAt).toBeNull();
    expect(partly.voucher?.utcRedeemedAt).toBeNull();
    const child = partly.unitItems[1]!;
    expect(child.status).toBe("REDEEMED");
    expect(child.utcRedeemedAt).toBe(checkedInAt.replace(/\.\d{3}Z$/, "Z"));
    expect(child.ticket?.utcRedeemedAt).toBe(child.utcRedeemedAt);
    expect(partly.unitItems.filter((item) => item.status === BookingStatus.CONFIRMED)).toHaveLength(2);

    // A guest has come: partners cannot cancel the booking any more, over OCTO or REST, by one rule.
    expect(partly.cancellable).toBe(false);
    const octoCancel = await api.request(`/octo/bookings/${uuid}/cancel`, { method: "POST", key, json: {} });
    expect(octoCancel.status).toBe(400);
    expect(((await octoCancel.json()) as { error: string }).error).toBe("UNPROCESSABLE_ENTITY");
    const rest = await api.request(`${OTA}/booking/${booking.supplierReference}`, { key });
    const quoted = ((await rest.json()) as { data: { Cancellation: { Cancellable: boolean } } }).data;
    expect(quoted.Cancellation.Cancellable).toBe(false);
    const restCancel = await api.request(`${OTA}/booking/${booking.supplierReference}/cancel`, { method: "POST", key });
    expect(restCancel.status).toBe(409);
    expect((await problemOf(restCancel)).problem.type).toMatch(/not-cancellable$/);
    // A list answers the same booking as a read, its tickets read for the whole list at once.
    const listed = await api.request(`/octo/bookings?supplierReference=${booking.supplierReference}`, { key });
    const [inList] = (await listed.json()) as unknown[];
    expect(zBooking.parse(inList)).toEqual(zBooking.parse(partly));

    for (const item of [booking.unitItems[0]!, booking.unitItems[2]!])
      expect((await scan(codeOf(item))).status).toBe(200);
    const all = (await octo("GET", `/bookings/${uuid}`)).body;
    expect(all.status).toBe("REDEEMED");
    expect(all.unitItems.every((item) => item.status === BookingStatus.REDEEMED)).toBe(true);
    const last = Math.max(...all.unitItems.map((item) => Date.parse(item.utcRedeemedAt!)));
    expect(all.utcRedeemedAt).toBe(new Date(last).toISOString().replace(/\.\d{3}Z$/, "Z"));
    expect(all.voucher?.utcRedeemedAt).toBe(all.utcRedeemedAt);
    expect(all.cancellable).toBe(false);
  });

  it("shows no tickets once the booking is cancelled: they are void", async () => {
    const info = await openSlot(api.db, { productName: "Age of Discovery River Cruise", free: 3 });
    const { uuid } = await confirmedFamily(info);
    const cancelled = (await octo("POST", `/bookings/${uuid}/cancel`, { reason: "plans changed" })).body;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.unitItems.map((item) => item.ticket?.deliveryOptions)).toEqual([[], [], []]);
    expect(cancelled.voucher?.deliveryOptions).toEqual([]);
  });
});
