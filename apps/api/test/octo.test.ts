import { randomUUID } from "node:crypto";

import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zErrorBadRequest,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
} from "@octocloud/types";
import { beforeAll, describe, expect, it } from "vitest";

import { addDays, DEFAULT_HOLD_BUDGET, instantToLocal, toOffsetIso } from "@slotwise/core";

import { bookingBody, openSlot, type SlotInfo } from "./fixtures.ts";
import { OTA, startApi, type Api } from "./harness.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

type Json = Record<string, unknown>;

async function octo(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await api.request(`/octo${path}`, {
    method,
    key,
    headers,
    ...(body === undefined ? {} : { json: body }),
  });
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

const availabilityId = (info: SlotInfo) => toOffsetIso(info.slot.startsAt, info.product.timeZone);
const placesTaken = async (timeslotId: number) =>
  (await api.db.timeslot.findUniqueOrThrow({ where: { id: timeslotId } })).placesTaken;

function reservation(info: SlotInfo, overrides: Json = {}) {
  return {
    uuid: randomUUID(),
    productId: info.product.activityId,
    optionId: "DEFAULT",
    availabilityId: availabilityId(info),
    unitItems: [{ unitId: "adult" }, { unitId: "adult" }],
    ...overrides,
  };
}

const contact = { fullName: "Ana Silva", firstName: "Ana", lastName: "Silva", emailAddress: "ana@example.com" };

describe("OCTO catalogue", () => {
  it("answers the supplier and products as OCTO types them, with pricing and content only when asked", async () => {
    const supplier = await octo("GET", "/supplier");
    expect(supplier.status).toBe(200);
    expect(zSupplier.parse(supplier.body).name).toBe("Lisboa Outdoors");

    const plain = await octo("GET", "/products");
    expect(plain.status).toBe(200);
    const products = (plain.body as unknown as unknown[]).map((p) => zProduct.parse(p));
    expect(products.length).toBeGreaterThan(1);
    for (const product of products) {
      expect(product.availabilityType).toBe("START_TIME");
      expect(product.options.map((o) => o.id)).toEqual(["DEFAULT"]);
      expect(product.options[0]?.units.some((u) => u.type === "ADULT")).toBe(true);
      expect(product).not.toHaveProperty("defaultCurrency");
      expect(product.options[0]?.units[0]).not.toHaveProperty("pricingFrom");
    }

    const priced = await octo("GET", `/products/${products[0]?.id}`, undefined, {
      "Octo-Capabilities": "octo/pricing, octo/content",
    });
    const product = zProduct.parse(priced.body);
    expect(product.defaultCurrency).toBe("EUR");
    expect(product.title).toBe(product.internalName);
    expect(product.options[0]?.units[0]?.pricingFrom?.[0]?.currency).toBe("EUR");
    expect(priced.headers.get("octo-capabilities")).toBe("octo/content, octo/pricing");
  });

  it("refuses a request without a key, and a key of another scope, in OCTO's words", async () => {
    const anonymous = await api.request("/octo/products");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "UNAUTHORIZED" });
    expect(anonymous.headers.get("ratelimit-limit")).not.toBeNull();
    const usageKey = await api.key({ scopes: ["usage:read"] });
    const forbidden = await api.request("/octo/products", { key: usageKey });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: "FORBIDDEN" });
  });
});

describe("OCTO availability", () => {
  it("checks a date's timeslots with statuses, vacancies, capacity and the cut-off", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const { status, body } = await octo("POST", "/availability", {
      productId: info.product.activityId,
      optionId: "DEFAULT",
      localDate: info.date,
    });
    expect(status).toBe(200);
    const list = (body as unknown as unknown[]).map((a) => zAvailability.parse(a));
    const mine = list.find((a) => a.id === availabilityId(info));
    expect(mine).toMatchObject({
      vacancies: info.slot.capacity - info.slot.placesTaken,
      capacity: info.slot.capacity,
      available: true,
      utcCutoffAt: new Date(info.slot.startsAt.getTime() - info.product.bookingCutoffMinutes * 60_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z"),
    });
    expect(["AVAILABLE", "LIMITED"]).toContain(mine?.status);
  });

  it("shows a closed day as CLOSED in the calendar, and the days around it as they are", async () => {
    const info = await openSlot(api.db, { productName: "Sintra & Cascais Day Trip" });
    const day = info.date;
    const zone = info.product.timeZone;
    const slots = await api.db.timeslot.findMany({ where: { productId: info.product.id } });
    const ofDay = slots.filter((s) => instantToLocal(s.startsAt, zone).date === day).map((s) => s.id);
    await api.db.timeslot.updateMany({ where: { id: { in: ofDay } }, data: { closed: true } });
    try {
      const { status, body } = await octo(
        "POST",
        "/availability/calendar",
        { productId: info.product.activityId, optionId: "DEFAULT", localDateStart: day, localDateEnd: addDays(day, 1) },
        { "Octo-Capabilities": "octo/pricing" },
      );
      expect(status).toBe(200);
      const calendar = (body as unknown as unknown[]).map((d) => zAvailabilityCalendar.parse(d));
      expect(calendar.map((d) => d.localDate)).toEqual([day, addDays(day, 1)]);
      expect(calendar[0]).toMatchObject({ status: "CLOSED", available: false, vacancies: 0, capacity: 0 });
      expect(calendar[0]?.pricingFrom?.currency).toBe("EUR");
    } finally {
      await api.db.timeslot.updateMany({ where: { id: { in: ofDay } }, data: { closed: false } });
    }
  });

  it("answers 400 BAD_REQUEST for a calendar without its start, naming the field", async () => {
    const info = await openSlot(api.db);
    const { status, body } = await octo("POST", "/availability/calendar", {
      productId: info.product.activityId,
      optionId: "DEFAULT",
      localDateEnd: info.date,
    });
    expect(status).toBe(400);
    expect(zErrorBadRequest.parse(body).errorMessage).toContain("localDateStart");
  });
});

describe("OCTO bookings", () => {
  it("reserve -> confirm -> get -> update -> cancel, the places following each step", async () => {
    const info = await openSlot(api.db, { free: 4, productName: "Sintra & Cascais Day Trip" });
    const before = await placesTaken(info.slot.id);
    const body = reservation(info, { resellerReference: "RES-1", notes: "window seat" });
    const reserved = await octo("POST", "/bookings", body, { "Octo-Capabilities": "octo/pricing" });
    expect(reserved.status).toBe(200);
    const held = zBooking.parse(reserved.body);
    expect(held).toMatchObject({
      uuid: body.uuid,
      status: "ON_HOLD",
      resellerReference: "RES-1",
      notes: "window seat",
    });
    expect(held.unitItems).toHaveLength(2);
    expect(new Set(held.unitItems.map((u) => u.uuid)).size).toBe(2);
    expect(held.pricing?.retail).toBe(2 * info.product.priceAmount);
    expect(await placesTaken(info.slot.id)).toBe(before + 2);
    // The history names the partner that held it, when the hold was made.
    const stored = await api.db.booking.findUniqueOrThrow({
      where: { reference: held.supplierReference as string },
      include: { events: true },
    });
    expect(stored.events).toEqual([
      expect.objectContaining({ type: "held", actor: "partner:acme-travel", at: stored.createdAt }),
    ]);

    // The same uuid again is the same booking, not a second one.
    const again = await octo("POST", "/bookings", body);
    expect(zBooking.parse(again.body).supplierReference).toBe(held.supplierReference);
    expect(await placesTaken(info.slot.id)).toBe(before + 2);

    const confirmed = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact, resellerReference: "RES-2" });
    expect(confirmed.status).toBe(200);
    expect(zBooking.parse(confirmed.body)).toMatchObject({
      status: "CONFIRMED",
      resellerReference: "RES-2",
      contact: { emailAddress: "ana@example.com", fullName: "Ana Silva" },
    });

    const got = await octo("GET", `/bookings/${body.uuid}`);
    expect(zBooking.parse(got.body).status).toBe("CONFIRMED");
    // The same booking is a partner booking of the REST API too.
    const rest = await api.request(`${OTA}/booking/${held.supplierReference}`, { key });
    expect(((await rest.json()) as { data: { Status: string } }).data.Status).toBe("confirmed");

    const updated = await octo("PATCH", `/bookings/${body.uuid}`, {
      unitItems: [{ unitId: "adult" }, { unitId: "adult" }, { unitId: "adult" }],
      notes: "aisle",
    });
    expect(updated.status).toBe(200);
    expect(zBooking.parse(updated.body).notes).toBe("aisle");
    expect((updated.body.unitItems as unknown[]).length).toBe(3);
    expect(await placesTaken(info.slot.id)).toBe(before + 3);

    const listed = await api.request(`/octo/bookings?resellerReference=RES-2`, { key });
    expect(((await listed.json()) as { uuid: string }[]).map((b) => b.uuid)).toEqual([body.uuid]);

    const cancelled = await octo("POST", `/bookings/${body.uuid}/cancel`, { reason: "plans changed" });
    expect(zBooking.parse(cancelled.body)).toMatchObject({
      status: "CANCELLED",
      cancellation: { reason: "plans changed" },
    });
    expect(await placesTaken(info.slot.id)).toBe(before);
  });

  it("reserve -> extend -> expire: the hold's deadline moves, then it lapses and its places come back", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const before = await placesTaken(info.slot.id);
    const body = reservation(info, { expirationMinutes: 5 });
    const held = zBooking.parse((await octo("POST", "/bookings", body)).body);
    const extended = zBooking.parse(
      (await octo("POST", `/bookings/${body.uuid}/extend`, { expirationMinutes: 30 })).body,
    );
    expect(Date.parse(extended.utcExpiresAt as string)).toBeGreaterThan(Date.parse(held.utcExpiresAt as string));
    await api.db.booking.update({
      where: { reference: held.supplierReference as string },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const expired = await octo("GET", `/bookings/${body.uuid}`);
    expect(zBooking.parse(expired.body).status).toBe("EXPIRED");
    const late = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact });
    expect(late.status).toBe(400);
    expect(zErrorUnprocessableEntity.parse(late.body).error).toBe("UNPROCESSABLE_ENTITY");
    const { expireHolds } = await import("@slotwise/db");
    await expireHolds(api.db, new Date());
    expect(await placesTaken(info.slot.id)).toBe(before);
  });

  it("refuses a reservation beyond the key's hold budget as UNPROCESSABLE_ENTITY, holding nothing", async () => {
    const budgetKey = await api.key();
    const asKey = async (method: string, path: string, body?: unknown) => {
      const response = await api.request(`/octo${path}`, {
        method,
        key: budgetKey,
        ...(body === undefined ? {} : { json: body }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    // The key's other holds take all but one place of its budget.
    const info = await openSlot(api.db, { free: 4 });
    const first = reservation(info);
    const held = zBooking.parse((await asKey("POST", "/bookings", first)).body);
    await api.db.booking.update({
      where: { reference: held.supplierReference as string },
      data: { participants: DEFAULT_HOLD_BUDGET.placesPerKey - 1 },
    });
    try {
      const before = await placesTaken(info.slot.id);
      const body = reservation(info);
      const refused = await asKey("POST", "/bookings", body);
      expect(refused.status).toBe(400);
      const error = zErrorUnprocessableEntity.parse(refused.body);
      expect(error.error).toBe("UNPROCESSABLE_ENTITY");
      expect(error.errorMessage).toContain(
        `Unconfirmed holds of this API key take ${DEFAULT_HOLD_BUDGET.placesPerKey - 1} places`,
      );
      expect(await placesTaken(info.slot.id)).toBe(before);
      expect((await asKey("GET", `/bookings/${body.uuid}`)).body.error).toBe("INVALID_BOOKING_UUID");
    } finally {
      await asKey("POST", `/bookings/${first.uuid}/cancel`, {});
    }
  });

  it("refuses to confirm a hold past its booking cut-off, leaving it held", async () => {
    const info = await openSlot(api.db, { free: 2 });
    const body = reservation(info);
    expect((await octo("POST", "/bookings", body)).status).toBe(200);
    // The cut-off moves to just before now: the hold was made before it, the confirmation comes after.
    const minutesToStart = Math.floor((info.slot.startsAt.getTime() - Date.now()) / 60_000);
    const cutoff = (bookingCutoffMinutes: number) =>
      api.db.product.update({ where: { id: info.product.id }, data: { bookingCutoffMinutes } });
    await cutoff(minutesToStart + 1);
    try {
      const late = await octo("POST", `/bookings/${body.uuid}/confirm`, { contact });
      expect(late.status).toBe(400);
      expect(zErrorUnprocessableEntity.parse(late.body)).toMatchObject({
        error: "UNPROCESSABLE_ENTITY",
        errorMessage: "This timeslot is past its booking cut-off",
      });
      expect(zBooking.parse((await octo("GET", `/bookings/${body.uuid}`)).body).status).toBe("ON_HOLD");
    } finally {
      await cutoff(info.product.bookingCutoffMinutes);
      await octo("POST", `/bookings/${body.uuid}/cancel`, {});
    }
  });

  it("answers each unknown id with its own code and the id", async () => {
    const info = await openSlot(api.db);
    const cases: [Json, string, string, string][] = [
      [reservation(info, { productId: "s_nosuchthing" }), "INVALID_PRODUCT_ID", "productId", "s_nosuchthing"],
      [reservation(info, { optionId: "VIP" }), "INVALID_OPTION_ID", "optionId", "VIP"],
      [reservation(info, { unitItems: [{ unitId: "dragon" }] }), "INVALID_UNIT_ID", "unitId", "dragon"],
      [
        reservation(info, { availabilityId: "2001-01-01T00:00:00+00:00" }),
        "INVALID_AVAILABILITY_ID",
        "availabilityId",
        "2001-01-01T00:00:00+00:00",
      ],
    ];
    const schemas = {
      INVALID_PRODUCT_ID: zErrorInvalidProductId,
      INVALID_OPTION_ID: zErrorInvalidOptionId,
      INVALID_UNIT_ID: zErrorInvalidUnitId,
      INVALID_AVAILABILITY_ID: zErrorInvalidAvailabilityId,
    } as const;
    for (const [body, code, field, value] of cases) {
      const { status, body: answer } = await octo("POST", "/bookings", body);
      expect(status).toBe(400);
      expect(schemas[code as keyof typeof schemas].parse(answer)).toMatchObject({ error: code, [field]: value });
    }
    const product = await octo("GET", "/products/s_nosuchthing");
    expect(product).toMatchObject({ status: 400, body: { error: "INVALID_PRODUCT_ID", productId: "s_nosuchthing" } });
    const missing = randomUUID();
    for (const [method, path] of [
      ["GET", ""],
      ["PATCH", ""],
      ["POST", "/confirm"],
      ["POST", "/extend"],
      ["POST", "/cancel"],
    ] as const) {
      const { status, body } = await octo(
        method,
        `/bookings/${missing}${path}`,
        method === "GET" ? undefined : { contact },
      );
      expect(status).toBe(400);
      expect(zErrorInvalidBookingUuid.parse(body)).toMatchObject({ error: "INVALID_BOOKING_UUID", uuid: missing });
    }
    const unfiltered = await octo("GET", "/bookings");
    expect(unfiltered).toMatchObject({ status: 400, body: { error: "BAD_REQUEST" } });
    // Ids no activity or booking can have (a NUL, a space) are unknown, never a database error.
    for (const id of ["%00", "a%00b", "s_abc%20def"]) {
      const productAnswer = await octo("GET", `/products/${id}`);
      expect(productAnswer).toMatchObject({ status: 400, body: { error: "INVALID_PRODUCT_ID" } });
      for (const [method, path] of [
        ["GET", ""],
        ["PATCH", ""],
        ["POST", "/cancel"],
        ["POST", "/extend"],
      ] as const) {
        const answer = await octo(method, `/bookings/${id}${path}`, method === "GET" ? undefined : { contact });
        expect(answer).toMatchObject({ status: 400, body: { error: "INVALID_BOOKING_UUID" } });
      }
    }
  });

  it("refuses text the database cannot store, and over-long fields, naming the field", async () => {
    const info = await openSlot(api.db);
    const nul = await octo("POST", "/bookings", reservation(info, { notes: "a\u0000b" }));
    expect(nul.status).toBe(400);
    expect(nul.body.errorMessage).toContain("notes");
    const long = await octo("POST", "/bookings", reservation(info, { resellerReference: "r".repeat(101) }));
    expect(long.status).toBe(400);
    expect(long.body.errorMessage).toContain("resellerReference");
    const huge = await octo("POST", "/bookings", reservation(info, { expirationMinutes: 2 ** 31 }));
    expect(huge.status).toBe(400);
    expect(huge.body.errorMessage).toContain("expirationMinutes");
  });

  it("never oversells a timeslot booked at once through REST and OCTO, 48 requests for 10 places", async () => {
    const info = await openSlot(api.db, { free: 10, productName: "Sintra & Cascais Day Trip" });
    const taken = await placesTaken(info.slot.id);
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: taken + 10 } });
    const attempts = Array.from({ length: 48 }, (_, n) =>
      n % 2 === 0
        ? api
            .request(`${OTA}/booking`, { method: "POST", key, json: bookingBody(info, { Participants: 1 }) })
            .then((r) => (r.status === 201 ? 1 : r.status === 409 ? 0 : Number.NaN))
        : api
            .request("/octo/bookings", {
              method: "POST",
              key,
              json: reservation(info, { unitItems: [{ unitId: "adult" }] }),
            })
            .then((r) => (r.status === 200 ? 1 : r.status === 400 ? 0 : Number.NaN)),
    );
    const sold = (await Promise.all(attempts)).reduce((a, b) => a + b, 0);
    expect(sold).toBe(10);
    expect(await placesTaken(info.slot.id)).toBe(taken + 10);
  });
});
