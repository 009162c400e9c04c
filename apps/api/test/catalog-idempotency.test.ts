import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { addDays, todayIn } from "@slotwise/core";

import { startApi, type Api } from "./harness.ts";

const BASE = "/api/v2/operator/activities";
const ZONE = "Europe/Lisbon";

let api: Api;
let catalogKey: string;

beforeAll(async () => {
  api = await startApi();
  catalogKey = await api.key({ scopes: ["catalog"] });
});

async function post(path: string, json: unknown, idempotencyKey?: string, key = catalogKey) {
  const response = await api.request(path, {
    method: "POST",
    key,
    json,
    headers: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: Record<string, unknown>; type?: string },
    replayed: response.headers.get("idempotent-replayed"),
    location: response.headers.get("location"),
  };
}

const activityBody = () => ({
  Name: `Idempotent tour ${randomUUID().slice(0, 8)}`,
  DurationMinutes: 60,
  TimeZone: ZONE,
  Currency: "EUR",
  Units: [{ ID: "adult", Label: "Adult", Price: { Amount: 2500 } }],
});

/**
 * Sends `body` twice under one key: the second answer is the first, replayed, and the
 * catalogue holds what one request made; the same key with another body is 422.
 */
async function expectIdempotent(path: string, body: unknown, other: unknown, count: () => Promise<number>) {
  const key = randomUUID();
  const before = await count();
  const first = await post(path, body, key);
  expect(first.status).toBe(201);
  expect(first.replayed).toBeNull();
  const again = await post(path, body, key);
  expect(again.status).toBe(201);
  expect(again.replayed).toBe("true");
  expect(again.body).toEqual(first.body);
  expect(again.location).toBe(first.location);
  expect(await count()).toBe(before + 1);
  const reused = await post(path, other, key);
  expect(reused.status).toBe(422);
  expect(reused.body.type).toMatch(/idempotency-key-reuse$/);
  expect(await count()).toBe(before + 1);
  return first.body.data ?? {};
}

describe("Idempotency-Key on the catalogue's POSTs", () => {
  it("replays an activity's creation instead of making a second one", async () => {
    const body = activityBody();
    const data = await expectIdempotent(BASE, body, { ...body, Name: "Another name" }, () => api.db.product.count());
    expect(data.Name).toBe(body.Name);
  });

  it("replays a schedule, a one-off timeslot and a closure", async () => {
    const created = await post(BASE, activityBody());
    const activityId = String(created.body.data?.ActivityID);
    const product = await api.db.product.findFirstOrThrow({ where: { activityId } });
    const start = addDays(todayIn(ZONE, new Date()), 10);

    const schedule = {
      StartDate: start,
      EndDate: addDays(start, 6),
      Weekdays: ["MO", "WE"],
      Times: ["09:00"],
      Capacity: 8,
    };
    const slots = () => api.db.timeslot.count({ where: { productId: product.id } });
    const slotsBefore = await slots();
    await expectIdempotent(`${BASE}/${activityId}/schedules`, schedule, { ...schedule, Times: ["10:00"] }, () =>
      api.db.schedule.count({ where: { productId: product.id } }),
    );
    expect(await slots()).toBe(slotsBefore + 2);

    const oneOff = { Date: addDays(start, 1), Time: "18:30", Capacity: 4 };
    await expectIdempotent(`${BASE}/${activityId}/timeslots`, oneOff, { ...oneOff, Time: "19:30" }, slots);

    const closure = { From: addDays(start, 2), To: addDays(start, 3), Reason: "Storm" };
    await expectIdempotent(`${BASE}/${activityId}/closures`, closure, { ...closure, Reason: "Holiday" }, () =>
      api.db.closure.count({ where: { productId: product.id } }),
    );
  });

  it("runs each request without a key, as before", async () => {
    const body = activityBody();
    expect((await post(BASE, body)).status).toBe(201);
    expect((await post(BASE, body)).status).toBe(201);
    expect(await api.db.product.count({ where: { name: body.Name } })).toBe(2);
  });
});
