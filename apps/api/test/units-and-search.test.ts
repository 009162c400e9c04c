import { beforeAll, describe, expect, it } from "vitest";

import { instantToLocal } from "@slotwise/core";

import { bookingBody, openSlot } from "./fixtures.ts";
import { OTA, problemOf, startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let key: string;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
});

interface Money {
  Amount: number;
  Currency: string;
}
interface BookingView {
  Reference: string;
  Status: string;
  Date: string;
  Participants: number;
  Units: { UnitID: string; Label: string; Quantity: number; Price: Money }[];
  Total: Money;
}

const book = (body: unknown, withKey = key) =>
  api.request(`${OTA}/booking`, { method: "POST", key: withKey, json: body });
const kayakFamily = [
  { UnitID: "adult", Quantity: 2 },
  { UnitID: "child", Quantity: 1 },
];

describe("unit types on products", () => {
  it("lists each product's units with their prices, every product with adult, and Price the lowest", async () => {
    const response = await api.request(`${OTA}/products`, { key });
    const { data } = (await response.json()) as {
      data: {
        Name: string;
        Price: Money;
        Units: { ID: string; Label: string; MinAge: number | null; Price: Money }[];
      }[];
    };
    for (const product of data) {
      expect(product.Units.map((unit) => unit.ID)).toContain("adult");
      expect(product.Price.Amount).toBe(Math.min(...product.Units.map((unit) => unit.Price.Amount)));
    }
    expect(data.find((product) => product.Name === "Sunset Kayak Tour")?.Units).toEqual([
      { ID: "adult", Label: "Adult", MinAge: 18, MaxAge: null, Price: { Amount: 4500, Currency: "EUR" } },
      { ID: "child", Label: "Child", MinAge: 8, MaxAge: 17, Price: { Amount: 2500, Currency: "EUR" } },
      { ID: "senior", Label: "Senior", MinAge: 65, MaxAge: null, Price: { Amount: 3800, Currency: "EUR" } },
    ]);
  });
});

describe("booking by units", () => {
  it("books two adults and a child at their prices, taking three places", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 3 });
    const response = await book(bookingBody(info, { Participants: undefined, Units: kayakFamily }));
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: BookingView };
    expect(data).toMatchObject({
      Participants: 3,
      Units: [
        { UnitID: "adult", Label: "Adult", Quantity: 2, Price: { Amount: 4500, Currency: "EUR" } },
        { UnitID: "child", Label: "Child", Quantity: 1, Price: { Amount: 2500, Currency: "EUR" } },
      ],
      Total: { Amount: 11500, Currency: "EUR" },
    });
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(info.slot.placesTaken + 3);
    const read = await api.request(`${OTA}/booking/${data.Reference}`, { key });
    expect(((await read.json()) as { data: BookingView }).data).toEqual(data);
  });

  it("reads Participants alone as that many adults", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 2 });
    const { data } = (await (await book(bookingBody(info, { Participants: 2 }))).json()) as { data: BookingView };
    expect(data.Units).toEqual([
      { UnitID: "adult", Label: "Adult", Quantity: 2, Price: { Amount: 4500, Currency: "EUR" } },
    ]);
    expect(data.Total).toEqual({ Amount: 9000, Currency: "EUR" });
  });

  it("never sells more places than the timeslot has when mixes of units arrive at once", async () => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 1 });
    await api.db.timeslot.update({ where: { id: info.slot.id }, data: { capacity: info.slot.placesTaken + 10 } });
    const mixes = Array.from({ length: 24 }, (_, i) => [
      { UnitID: "adult", Quantity: 1 },
      { UnitID: i % 2 ? "child" : "senior", Quantity: 1 + (i % 3) },
    ]);
    const answers = await Promise.all(
      mixes.map((Units) => book(bookingBody(info, { Participants: undefined, Units }))),
    );
    const sold = answers.filter((response) => response.status === 201);
    expect(answers.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    const bookings = await Promise.all(
      sold.map(async (response) => ((await response.json()) as { data: BookingView }).data),
    );
    const slot = await api.db.timeslot.findUniqueOrThrow({ where: { id: info.slot.id } });
    expect(slot.placesTaken).toBe(info.slot.placesTaken + bookings.reduce((sum, b) => sum + b.Participants, 0));
    expect(slot.placesTaken).toBeLessThanOrEqual(slot.capacity);
    expect(slot.capacity - slot.placesTaken).toBeLessThan(2);
  });

  it.each([
    ["both Participants and Units", { Participants: 3, Units: kayakFamily }, "Units", "not both"],
    ["neither", { Participants: undefined }, "Participants", "Participants is required"],
    ["an unknown unit", { Participants: undefined, Units: [{ UnitID: "infant", Quantity: 1 }] }, "Units", "infant"],
    [
      "a zero quantity",
      { Participants: undefined, Units: [{ UnitID: "adult", Quantity: 0 }] },
      "Units[0].Quantity",
      "at least 1",
    ],
    [
      "more units than the activity allows per booking",
      {
        Participants: undefined,
        Units: [
          { UnitID: "adult", Quantity: 5 },
          { UnitID: "child", Quantity: 4 },
        ],
      },
      "Units",
      "at most 8",
    ],
  ])("answers 422 to %s, naming the field", async (_label, overrides, field, message) => {
    const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 1 });
    const before = await api.db.booking.count();
    const response = await book(bookingBody(info, overrides));
    expect(response.status).toBe(422);
    const { problem } = await problemOf(response);
    const errors = problem.errors as { field: string; message: string }[];
    expect(errors.find((error) => error.field === field)?.message).toContain(message);
    expect(await api.db.booking.count()).toBe(before);
  });

  it("keeps what was sold when a price changes; new bookings and the product's Price follow the new price", async () => {
    const info = await openSlot(api.db, { productName: "Tuk-Tuk Hills Tour", free: 2 });
    const units = [
      { UnitID: "adult", Quantity: 1 },
      { UnitID: "child", Quantity: 1 },
    ];
    const first = (
      (await (await book(bookingBody(info, { Participants: undefined, Units: units }))).json()) as {
        data: BookingView;
      }
    ).data;
    expect(first.Total).toEqual({ Amount: 4500, Currency: "EUR" });
    await api.db.productUnit.update({
      where: { productId_unitId: { productId: info.product.id, unitId: "child" } },
      data: { priceAmount: 900 },
    });
    const again = await api.request(`${OTA}/booking/${first.Reference}`, { key });
    expect(((await again.json()) as { data: BookingView }).data).toEqual(first);
    const second = (
      (await (await book(bookingBody(info, { Participants: undefined, Units: units }))).json()) as {
        data: BookingView;
      }
    ).data;
    expect(second.Total).toEqual({ Amount: 3900, Currency: "EUR" });
    const products = (await (await api.request(`${OTA}/products?name=Tuk-Tuk`, { key })).json()) as {
      data: { Price: Money }[];
    };
    expect(products.data[0]?.Price.Amount).toBe(900);
  });
});

describe("GET /ota/{partner}/bookings", () => {
  const search = (query: string, withKey = key, ota = OTA) => api.request(`${ota}/bookings?${query}`, { key: withKey });
  const everyPage = async (query: string, between?: () => Promise<void>) => {
    const seen: BookingView[] = [];
    let next: string | null = null;
    do {
      const response = await search(next ? `${query}&cursor=${next}` : query);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: BookingView[]; next: string | null };
      expect(page.data.length).toBeLessThanOrEqual(100);
      seen.push(...page.data);
      next = page.next;
      await between?.();
    } while (next);
    return seen;
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // The demo's partner bookings lie mostly in the past; the new ones arrive a few days ahead.
  const [from, to] = [day(-85), day(6)];

  it("pages through the partner's own bookings, latest activity first, none skipped or repeated while new ones arrive", async () => {
    const range = `from=${from}&to=${to}`;
    // More than one page's worth, whatever the demo data holds.
    for (let i = 0; i < 110; i++) {
      const info = await openSlot(api.db, { free: 1 });
      expect((await book(bookingBody(info, { Participants: info.product.minParticipants }))).status).toBe(201);
    }
    const partner = await api.db.partner.findFirstOrThrow({ where: { slug: "acme-travel" } });
    const existing = await api.db.booking.findMany({
      where: { partnerId: partner.id, startsAt: { gte: new Date(Date.now() - 87 * 86_400_000) } },
      include: { product: true },
    });
    const expected = existing
      .filter((b) => {
        const date = instantToLocal(b.startsAt, b.product.timeZone).date;
        return date >= from && date <= to;
      })
      .map((b) => b.reference);
    expect(expected.length).toBeGreaterThan(100);
    const arrivals: string[] = [];
    const seen = await everyPage(range, async () => {
      const info = await openSlot(api.db, { productName: "Sunset Kayak Tour", free: 1 });
      const response = await book(bookingBody(info, { Participants: 1 }));
      arrivals.push(((await response.json()) as { data: BookingView }).data.Reference);
    });
    const references = seen.map((b) => b.Reference);
    expect(new Set(references).size).toBe(references.length);
    expect(references.filter((reference) => !arrivals.includes(reference)).sort()).toEqual([...expected].sort());
    const starts = seen.map((b) => b.Date);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it("shows one partner none of another's bookings, and filters by status", async () => {
    const acme = (await everyPage(`from=${from}&to=${to}`)).map((b) => b.Reference);
    const response = await search(
      `from=${from}&to=${to}`,
      await api.key({ partner: "globetrek" }),
      OTA.replace("acme-travel", "globetrek"),
    );
    expect(response.status).toBe(200);
    const globetrek = ((await response.json()) as { data: BookingView[] }).data.map((b) => b.Reference);
    expect(globetrek.length).toBeGreaterThan(0);
    expect(globetrek.filter((reference) => acme.includes(reference))).toEqual([]);
    const cancelled = await everyPage(`from=${from}&to=${to}&status=cancelled`);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((b) => b.Status === "cancelled")).toBe(true);
  });

  // Dates of next year: refused for their form, whatever day the test runs.
  const year = new Date().getUTCFullYear() + 1;
  it.each([
    ["a range over 92 days", `from=${year}-01-01&to=${year}-04-03`, "to"],
    ["an end before the start", `from=${year}-02-01&to=${year}-01-31`, "to"],
    ["a made-up cursor", `from=${year}-01-01&to=${year}-01-31&cursor=bm9wZQ`, "cursor"],
    ["an unknown status", `from=${year}-01-01&to=${year}-01-31&status=pending`, "status"],
  ])("answers 422 to %s", async (_label, query, field) => {
    const response = await search(query);
    expect(response.status).toBe(422);
    const { problem } = await problemOf(response);
    expect((problem.errors as { field: string }[]).map((error) => error.field)).toContain(field);
  });
});

describe("the console's unit types", () => {
  const signedIn = async (email = "demo@example.com") => {
    const desk = trpcClient(api.base);
    await desk.console.session.signIn.mutate({ email, password: "correct-horse-battery" });
    return desk;
  };

  it("adds a unit that partners can book at once, retires it without touching what was sold, and keeps adult", async () => {
    const desk = await signedIn();
    const info = await openSlot(api.db, { productName: "Surf Lesson at Carcavelos", free: 2 });
    const productId = info.product.id;
    const saved = await desk.console.unitTypes.add.mutate({
      productId,
      unitId: "junior",
      label: "Junior",
      minAge: 10,
      maxAge: 15,
      priceAmount: 2000,
    });
    expect(saved.map((unit) => [unit.unitId, unit.priceAmount, unit.retired])).toEqual([
      ["adult", 3500, false],
      ["junior", 2000, false],
    ]);
    const products = (await (await api.request(`${OTA}/products?name=surf`, { key })).json()) as {
      data: { Price: Money; Units: { ID: string }[] }[];
    };
    expect(products.data[0]?.Price.Amount).toBe(2000);
    expect(products.data[0]?.Units.map((unit) => unit.ID)).toEqual(["adult", "junior"]);

    const units = [
      { UnitID: "adult", Quantity: 1 },
      { UnitID: "junior", Quantity: 1 },
    ];
    const sold = (await (await book(bookingBody(info, { Participants: undefined, Units: units }))).json()) as {
      data: BookingView;
    };
    expect(sold.data.Total).toEqual({ Amount: 5500, Currency: "EUR" });

    const retired = await desk.console.unitTypes.retire.mutate({ productId, unitId: "junior" });
    expect(retired.find((unit) => unit.unitId === "junior")?.retired).toBe(true);
    const refused = await book(bookingBody(info, { Participants: undefined, Units: units }));
    expect(refused.status).toBe(422);
    expect(JSON.stringify((await problemOf(refused)).problem.errors)).toContain("no unit junior");
    const kept = await api.request(`${OTA}/booking/${sold.data.Reference}`, { key });
    expect(((await kept.json()) as { data: BookingView }).data).toEqual(sold.data);

    await expect(desk.console.unitTypes.retire.mutate({ productId, unitId: "adult" })).rejects.toMatchObject({
      data: { httpStatus: 422 },
    });
    await expect(desk.console.unitTypes.retire.mutate({ productId, unitId: "nobody" })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    const again = { productId, unitId: "adult", label: "Grown-up", minAge: null, maxAge: null, priceAmount: 1 };
    await expect(desk.console.unitTypes.add.mutate(again)).rejects.toMatchObject({ data: { httpStatus: 422 } });
    await expect(desk.console.unitTypes.change.mutate({ ...again, unitId: "nobody" })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    await expect(
      desk.console.unitTypes.add.mutate({
        productId,
        unitId: "teen",
        label: "Teen",
        minAge: 18,
        maxAge: 13,
        priceAmount: 1,
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 422 } });
  });

  it("replays a booking's first answer for its Idempotency-Key after its unit is retired or repriced", async () => {
    const desk = await signedIn();
    const info = await openSlot(api.db, { productName: "Alfama Food & Wine Walk", free: 2 });
    const productId = info.product.id;
    await desk.console.unitTypes.add.mutate({
      productId,
      unitId: "student",
      label: "Student",
      minAge: null,
      maxAge: null,
      priceAmount: 3000,
    });
    const body = bookingBody(info, { Participants: undefined, Units: [{ UnitID: "student", Quantity: 2 }] });
    const post = () =>
      api.request(`${OTA}/booking`, {
        method: "POST",
        key,
        json: body,
        headers: { "Idempotency-Key": "units-replay-1" },
      });
    const first = await post();
    expect(first.status).toBe(201);
    const booked = ((await first.json()) as { data: BookingView }).data;
    await desk.console.unitTypes.change.mutate({
      productId,
      unitId: "student",
      label: "Student",
      minAge: null,
      maxAge: null,
      priceAmount: 2_000_000_000,
    });
    await desk.console.unitTypes.retire.mutate({ productId, unitId: "student" });
    const replay = await post();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replay.json()) as { data: BookingView }).data).toEqual(booked);
  });

  it("lets no operator see or change another's unit types", async () => {
    const harbour = await signedIn("harbour@example.com");
    const demoProduct = await api.db.product.findFirstOrThrow({ where: { operator: { slug: "demo" } } });
    await expect(harbour.console.unitTypes.list.query({ productId: demoProduct.id })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    await expect(
      harbour.console.unitTypes.add.mutate({
        productId: demoProduct.id,
        unitId: "child",
        label: "Child",
        minAge: null,
        maxAge: null,
        priceAmount: 1,
      }),
    ).rejects.toMatchObject({ data: { httpStatus: 404 } });
  });
});
