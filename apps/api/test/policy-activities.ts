import { randomUUID } from "node:crypto";

import { expect } from "vitest";

import type { Api } from "./harness.ts";

const HOUR = 3_600_000;
const BASE = "/api/v2/operator/activities";

/** The adult price of every activity made here, in minor units. */
export const PRICE = 4_000;
/** Full refund until 48 hours before the start, half until 24 hours before. */
export const TIERS = [
  { HoursBefore: 48, RefundPercent: 100 },
  { HoursBefore: 24, RefundPercent: 50 },
];
export const CUSTOMER = {
  FirstName: "Ana",
  LastName: "Silva",
  Email: "ana.silva@example.com",
  Phone: "+351912345678",
};

async function postJson(api: Api, key: string, path: string, json: unknown) {
  const response = await api.request(path, { method: "POST", key, json });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

/** A new activity in UTC, one adult unit at PRICE, with this cancellation policy, made over the catalogue REST path. */
export async function policyActivity(api: Api, catalogKey: string, policy: unknown): Promise<string> {
  const created = await postJson(api, catalogKey, BASE, {
    Name: `Policy tour ${randomUUID().slice(0, 8)}`,
    DurationMinutes: 60,
    TimeZone: "UTC",
    Currency: "EUR",
    Units: [{ ID: "adult", Label: "Adult", Price: { Amount: PRICE } }],
    CancellationPolicy: policy,
  });
  expect(created.status).toBe(201);
  return (created.body.data as { ActivityID: string }).ActivityID;
}

/** A one-off timeslot of the activity `hoursAhead` from now, on a whole minute. */
export async function oneOffSlot(api: Api, catalogKey: string, activityId: string, hoursAhead: number) {
  const startsAt = new Date(Math.ceil((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000);
  const [date, time] = [startsAt.toISOString().slice(0, 10), startsAt.toISOString().slice(11, 16)];
  const added = await postJson(api, catalogKey, `${BASE}/${activityId}/timeslots`, {
    Date: date,
    Time: time,
    Capacity: 10,
  });
  expect(added.status).toBe(201);
  return { activityId, startsAt, date, time };
}
