import { beforeAll, describe, expect, it } from "vitest";

import { addDays, instantToLocal } from "@slotwise/core";

import { inDays, OTA, problemOf, startApi, type Api } from "./harness.ts";

interface Day {
  Date: string;
  Status: string;
  Vacancies: number;
  Capacity: number;
  PriceFrom: { Amount: number; Currency: string };
}

let api: Api;
let key: string;
let activityId: string;
let productId: number;
beforeAll(async () => {
  api = await startApi();
  key = await api.key();
  const product = await api.db.product.findFirstOrThrow({
    where: { operator: { slug: "demo" }, name: "Tuk-Tuk Hills Tour" },
  });
  activityId = product.activityId;
  productId = product.id;
});

const calendar = async (start: string, end: string) => {
  const response = await api.request(`${OTA}/availability/${activityId}/calendar?StartDate=${start}&EndDate=${end}`, {
    key,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Day[] }).data;
};

/** The timeslots of one local date of the product. */
async function slotsOn(date: string) {
  const slots = await api.db.timeslot.findMany({
    where: {
      productId,
      startsAt: { gte: new Date(Date.parse(date) - 86_400_000), lt: new Date(Date.parse(date) + 2 * 86_400_000) },
    },
    orderBy: { startsAt: "asc" },
  });
  return slots.filter((s) => instantToLocal(s.startsAt, "Europe/Lisbon").date === date);
}

describe("GET /availability/{ActivityID}/calendar", () => {
  it("gives every date of the range with its status, vacancies, capacity and lowest unit price", async () => {
    const start = inDays(-2);
    const end = inDays(12);
    const days = await calendar(start, end);
    expect(days.map((d) => d.Date)).toEqual(Array.from({ length: 15 }, (_, i) => addDays(start, i)));
    const units = await api.db.productUnit.findMany({ where: { productId, retiredAt: null } });
    const product = await api.db.product.findUniqueOrThrow({ where: { id: productId } });
    const lowest = units.length ? Math.min(...units.map((u) => u.priceAmount)) : product.priceAmount;
    for (const day of days) expect(day.PriceFrom).toEqual({ Amount: lowest, Currency: product.currency });
    // Days in the past have nothing bookable.
    expect(days[0]).toMatchObject({ Status: "CLOSED", Vacancies: 0, Capacity: 0 });
    for (const day of days.slice(3)) {
      const open = (await slotsOn(day.Date)).filter((s) => !s.closed && s.startsAt > new Date());
      const capacity = open.reduce((sum, s) => sum + s.capacity, 0);
      const vacancies = open.reduce((sum, s) => sum + Math.max(0, s.capacity - s.placesTaken), 0);
      expect(day).toMatchObject({ Vacancies: vacancies, Capacity: capacity });
    }
  });

  it("says SOLD_OUT, LIMITED, CLOSED and AVAILABLE as the day's bookable timeslots change", async () => {
    const day = inDays(6);
    const slots = await slotsOn(day);
    expect(slots.length).toBeGreaterThan(0);
    const ids = slots.map((s) => s.id);
    await api.db.timeslot.updateMany({
      where: { id: { in: ids } },
      data: { closed: false, capacity: 10, placesTaken: 0 },
    });
    expect((await calendar(day, day))[0]).toMatchObject({ Status: "AVAILABLE", Vacancies: 10 * ids.length });
    await api.db.timeslot.updateMany({ where: { id: { in: ids } }, data: { placesTaken: 6 } });
    expect((await calendar(day, day))[0]).toMatchObject({ Status: "LIMITED", Vacancies: 4 * ids.length });
    await api.db.timeslot.updateMany({ where: { id: { in: ids } }, data: { placesTaken: 10 } });
    expect((await calendar(day, day))[0]).toMatchObject({
      Status: "SOLD_OUT",
      Vacancies: 0,
      Capacity: 10 * ids.length,
    });
    await api.db.timeslot.updateMany({ where: { id: { in: ids } }, data: { closed: true } });
    expect((await calendar(day, day))[0]).toMatchObject({ Status: "CLOSED", Vacancies: 0, Capacity: 0 });
  });

  it("answers 422 to a range over 366 days and 404 to an unknown activity", async () => {
    const response = await api.request(
      `${OTA}/availability/${activityId}/calendar?StartDate=${inDays(0)}&EndDate=${inDays(367)}`,
      { key },
    );
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors?.[0]?.field).toBe("EndDate");
    const unknown = await api.request(
      `${OTA}/availability/s_Unknown123/calendar?StartDate=${inDays(0)}&EndDate=${inDays(1)}`,
      { key },
    );
    expect(unknown.status).toBe(404);
    expect((await calendar(inDays(0), inDays(365))).length).toBe(366);
  });
});
