import { beforeAll, describe, expect, it } from "vitest";

import { compactUsageFully } from "@slotwise/db/testing";

import { problemOf, startApi, type Api } from "./harness.ts";
import { dayAfter, isoDay, lastOffsetChange, midnightUtc, seconds, utcDay } from "./recent-dates.ts";

let api: Api;
let key: string;
let reader: string;
let harbourKey: string;
const URL_ = "/api/v2/usage/meters";

beforeAll(async () => {
  api = await startApi();
  // A fresh operator keeps these figures independent of the demo history.
  await api.db.operator.create({ data: { slug: "meters-co", name: "Meters Co", timeZone: "Europe/Lisbon" } });
  key = await api.key({ operator: "meters-co", scopes: ["usage:write", "usage:read"] });
  reader = await api.key({ operator: "meters-co", scopes: ["usage:read"] });
  harbourKey = await api.key({ operator: "harbour", scopes: ["usage:write", "usage:read"] });
});

const record = (body: unknown, headers: Record<string, string> = {}, withKey = key) =>
  api.request(URL_, { method: "POST", key: withKey, json: body, headers });
const summary = async (query: string, withKey = key) => {
  const response = await api.request(`${URL_}?${query}`, { key: withKey });
  return {
    response,
    body: (await response.json()) as {
      data: {
        Period: Record<string, unknown>;
        Totals: { Usage: number; Events: number };
        Meters: { Meter: string; TotalUsage: number; EventCount: number }[];
      };
    },
  };
};
const HOUR = 3600;
/** The UTC day `days` before today: each test below has days of its own, so sums see only its entries. */
const daysAgo = (days: number) => isoDay(utcDay(-days));
/** 00:00 UTC of a `YYYY-MM-DD` day, in seconds. */
const midnight = (day: string) => seconds(midnightUtc(day));
/** Lisbon's most recent changes, older than every day the other tests use. */
const SPRING = lastOffsetChange("Europe/Lisbon", "spring", { minDaysAgo: 20 });
const AUTUMN = lastOffsetChange("Europe/Lisbon", "autumn", { minDaysAgo: 20 });
const YEAR = daysAgo(0).slice(0, 4);

describe("POST /usage/meters", () => {
  it("records an entry and answers 201 with it", async () => {
    const response = await record({
      Meter: "api-calls",
      Usage: 3,
      ExtraInfo: '{"endpoint":"/search"}',
      OccurredAt: midnight(daysAgo(3)) + 10 * HOUR,
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { ID: number } };
    expect(Number.isInteger(data.ID)).toBe(true);
    expect(data).toEqual({
      ID: data.ID,
      Meter: "api-calls",
      Usage: 3,
      OccurredAt: midnight(daysAgo(3)) + 10 * HOUR,
      ExtraInfo: '{"endpoint":"/search"}',
    });
  });

  it("defaults OccurredAt to the server's current time", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { data } = (await (await record({ Meter: "now-meter", Usage: 1 })).json()) as {
      data: { OccurredAt: number; ExtraInfo: null };
    };
    expect(data.OccurredAt).toBeGreaterThanOrEqual(before - 1);
    expect(data.OccurredAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(data.ExtraInfo).toBeNull();
  });

  it.each([
    [{ Usage: 1 }, "Meter", "Meter is required"],
    [{ Meter: "   ", Usage: 1 }, "Meter", "Meter must not be empty"],
    [{ Meter: "m".repeat(101), Usage: 1 }, "Meter", "Meter must be at most 100 characters"],
    [
      { Meter: "order-completed", Usage: 1 },
      "Meter",
      "Meter names order-completed, waitlist-notified, workflow-email-sent, guest-checked-in are reserved for built-in meters",
    ],
    [
      { Meter: "waitlist-notified", Usage: 1 },
      "Meter",
      "Meter names order-completed, waitlist-notified, workflow-email-sent, guest-checked-in are reserved for built-in meters",
    ],
    [{ Meter: "m" }, "Usage", "Usage is required"],
    [{ Meter: "m", Usage: "5" }, "Usage", "Usage must be a JSON number"],
    [{ Meter: "m", Usage: 0 }, "Usage", "Usage must be greater than 0"],
    [{ Meter: "m", Usage: -2 }, "Usage", "Usage must be greater than 0"],
    [{ Meter: "m", Usage: 1, ExtraInfo: { a: 1 } }, "ExtraInfo", "ExtraInfo must be a string"],
    [
      { Meter: "m", Usage: 1, ExtraInfo: "x".repeat(10_001) },
      "ExtraInfo",
      "ExtraInfo must be at most 10000 characters",
    ],
    [{ Meter: "m", Usage: 1, OccurredAt: "1764547200" }, "OccurredAt", "OccurredAt must be a whole number"],
    [{ Meter: "m", Usage: 1, OccurredAt: 1764547200.5 }, "OccurredAt", "OccurredAt must be a whole number"],
    [
      { Meter: "m", Usage: 1, OccurredAt: 946684799 },
      "OccurredAt",
      "OccurredAt must be Unix seconds on or after 2000-01-01 (946684800)",
    ],
    [
      { Meter: "m", Usage: 1, OccurredAt: Math.floor(Date.now() / 1000) + 90_000 },
      "OccurredAt",
      "OccurredAt must not be more than 24 hours ahead of the server clock",
    ],
  ])("answers 422 to %j naming %s", async (body, field, message) => {
    const response = await record(body);
    expect(response.status).toBe(422);
    const { problem, contentType } = await problemOf(response);
    expect(contentType).toBe("application/problem+json");
    expect(problem.errors).toContainEqual({ field, message });
    expect(problem.type).toBe("http://api.test/problems/validation");
  });

  it("answers 401 without a key and 403 without the usage:write scope", async () => {
    expect((await api.request(URL_, { method: "POST", json: { Meter: "m", Usage: 1 } })).status).toBe(401);
    const denied = await record({ Meter: "m", Usage: 1 }, {}, reader);
    expect(denied.status).toBe(403);
    expect((await problemOf(denied)).problem.detail).toBe(
      "This key does not have the usage:write scope needed for recording usage",
    );
    const ota = await api.key();
    expect((await api.request(`${URL_}?from=${daysAgo(3)}&to=${daysAgo(3)}`, { key: ota })).status).toBe(403);
  });

  it("replays a repeat with the same Idempotency-Key and records nothing", async () => {
    const body = { Meter: "idem", Usage: 7, OccurredAt: midnight(daysAgo(4)) + 12 * HOUR };
    const first = await record(body, { "Idempotency-Key": "usage-1" });
    const again = await record(body, { "Idempotency-Key": "usage-1" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await api.db.usageEntry.count({ where: { meter: "idem" } })).toBe(1);
    const other = await record({ ...body, Usage: 8 }, { "Idempotency-Key": "usage-1" });
    expect(other.status).toBe(422);
  });
});

describe("GET /usage/meters", () => {
  it("sums exactly: 0.1 + 0.2 is 0.3", async () => {
    const day = daysAgo(5);
    await record({ Meter: "decimal", Usage: 0.1, OccurredAt: midnight(day) + 8 * HOUR });
    await record({ Meter: "decimal", Usage: 0.2, OccurredAt: midnight(day) + 9 * HOUR });
    const { body } = await summary(`from=${day}&to=${day}&tz=UTC`);
    expect(body.data.Meters).toEqual([{ Meter: "decimal", TotalUsage: 0.3, EventCount: 2 }]);
    expect(body.data.Totals).toEqual({ Usage: 0.3, Events: 2 });
  });

  it("includes both ends of the period, 00:00:00 of from and 23:59:59 of to, in UTC", async () => {
    const [from, to] = [daysAgo(8), daysAgo(7)];
    const start = midnight(from);
    const end = midnight(dayAfter(to, 1));
    for (const [occurredAt, usage] of [
      [start - 1, 1],
      [start, 10],
      [end - 1, 100],
      [end, 1000],
    ] as const) {
      await record({ Meter: "edges", Usage: usage, OccurredAt: occurredAt });
    }
    const { body } = await summary(`from=${from}&to=${to}&tz=UTC`);
    expect(body.data.Period).toEqual({
      From: from,
      To: to,
      TimeZone: "UTC",
      FromTimestamp: start,
      ToTimestamp: end - 1,
    });
    expect(body.data.Meters).toEqual([{ Meter: "edges", TotalUsage: 110, EventCount: 2 }]);
  });

  it("follows Lisbon's daylight-saving days: 23 hours on its spring change's day, 25 on its autumn one's", async () => {
    // The spring change's day in Lisbon: 00:00 WET (00:00Z) to 24:00 WEST (23:00Z).
    const springStart = midnight(SPRING.day) - SPRING.before * 60;
    const springEnd = midnight(dayAfter(SPRING.day, 1)) - SPRING.after * 60;
    expect([springStart, springEnd - springStart]).toEqual([midnight(SPRING.day), 23 * HOUR]);
    for (const [occurredAt, usage] of [
      [springStart - 1, 1],
      [springStart, 10],
      [springEnd - 1, 100],
      [springEnd, 1000],
    ] as const) {
      await record({ Meter: "spring", Usage: usage, OccurredAt: occurredAt });
    }
    const spring = await summary(`from=${SPRING.day}&to=${SPRING.day}&tz=Europe/Lisbon`);
    expect(spring.body.data.Period).toMatchObject({
      FromTimestamp: springStart,
      ToTimestamp: springEnd - 1,
    });
    expect(spring.body.data.Meters).toEqual([{ Meter: "spring", TotalUsage: 110, EventCount: 2 }]);
    // The autumn change's day in Lisbon: 00:00 WEST (23:00Z the day before) to 24:00 WET (24:00Z).
    const autumnStart = midnight(AUTUMN.day) - AUTUMN.before * 60;
    const autumnEnd = midnight(dayAfter(AUTUMN.day, 1)) - AUTUMN.after * 60;
    expect([autumnStart, autumnEnd - autumnStart]).toEqual([midnight(AUTUMN.day) - HOUR, 25 * HOUR]);
    for (const [occurredAt, usage] of [
      [autumnStart - 1, 1],
      [autumnStart, 10],
      [autumnEnd - 1, 100],
      [autumnEnd, 1000],
    ] as const) {
      await record({ Meter: "autumn", Usage: usage, OccurredAt: occurredAt });
    }
    const autumn = await summary(`from=${AUTUMN.day}&to=${AUTUMN.day}`);
    expect(autumn.body.data.Period).toMatchObject({
      TimeZone: "Europe/Lisbon",
      FromTimestamp: autumnStart,
      ToTimestamp: autumnEnd - 1,
    });
    expect(autumn.body.data.Meters).toEqual([{ Meter: "autumn", TotalUsage: 110, EventCount: 2 }]);
  });

  it("follows Kolkata's half-hour offset", async () => {
    // A Kolkata day, 00:00 IST to 24:00 IST, is 18:30Z the day before to 18:30Z.
    const day = daysAgo(12);
    const start = midnight(day) - 5.5 * HOUR;
    const end = start + 24 * HOUR;
    for (const [occurredAt, usage] of [
      [start - 1, 1],
      [start, 10],
      [end - 1, 100],
      [end, 1000],
    ] as const) {
      await record({ Meter: "kolkata", Usage: usage, OccurredAt: occurredAt });
    }
    const { body } = await summary(`from=${day}&to=${day}&tz=Asia/Kolkata`);
    expect(body.data.Period).toMatchObject({
      FromTimestamp: start,
      ToTimestamp: end - 1,
    });
    expect(body.data.Meters).toEqual([{ Meter: "kolkata", TotalUsage: 110, EventCount: 2 }]);
  });

  it("gives the same answer before and after the rollups are compacted", async () => {
    // The longest period asked for at once, up to today: it holds the entries of the tests above.
    const period = `from=${daysAgo(365)}&to=${daysAgo(0)}&tz=Asia/Kolkata`;
    const before = await summary(period);
    await compactUsageFully(api.db);
    const after = await summary(period);
    expect(after.body).toEqual(before.body);
    expect(before.body.data.Totals.Events).toBeGreaterThan(10);
  });

  it("sorts by total, highest first, then by name, and counts only the key's operator", async () => {
    const day = daysAgo(14);
    const ten = midnight(day) + 10 * HOUR;
    await record({ Meter: "b-meter", Usage: 5, OccurredAt: ten });
    await record({ Meter: "a-meter", Usage: 5, OccurredAt: ten });
    await record({ Meter: "c-meter", Usage: 9, OccurredAt: ten });
    await record({ Meter: "c-meter", Usage: 999, OccurredAt: ten }, {}, harbourKey);
    const { body } = await summary(`from=${day}&to=${day}&tz=UTC`);
    expect(body.data.Meters).toEqual([
      { Meter: "c-meter", TotalUsage: 9, EventCount: 1 },
      { Meter: "a-meter", TotalUsage: 5, EventCount: 1 },
      { Meter: "b-meter", TotalUsage: 5, EventCount: 1 },
    ]);
  });

  it("includes the built-in meters of the operator", async () => {
    const demoReader = await api.key({ operator: "demo", scopes: ["usage:read"] });
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const { body } = await summary(`from=${from}&to=${today}`, demoReader);
    expect(body.data.Meters.map((m) => m.Meter)).toEqual(
      expect.arrayContaining(["order-completed", "workflow-email-sent", "api-calls"]),
    );
  });

  it.each([
    [`to=${daysAgo(3)}`, "from", "from is required"],
    [`from=${daysAgo(3)}`, "to", "to is required"],
    [`from=${YEAR}-11-31&to=${YEAR}-12-01`, "from", "from must be a real date in YYYY-MM-DD form"],
    [`from=${daysAgo(2)}&to=${daysAgo(3)}`, "to", "to must be on or after from"],
    [`from=${daysAgo(366)}&to=${daysAgo(0)}`, "to", "to must be at most 366 days after from, both included"],
    [
      `from=${daysAgo(3)}&to=${daysAgo(2)}&tz=Mars/Olympus`,
      "tz",
      "tz must be an IANA time zone name such as Europe/Lisbon",
    ],
  ])("answers 422 to %s naming %s", async (query, field, message) => {
    const response = await api.request(`${URL_}?${query}`, { key });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors).toContainEqual({ field, message });
  });
});
