import { beforeAll, describe, expect, it } from "vitest";

import { compactUsageFully } from "@slotwise/db/testing";

import { problemOf, startApi, type Api } from "./harness.ts";

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
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe("POST /usage/meters", () => {
  it("records an entry and answers 201 with it", async () => {
    const response = await record({
      Meter: "api-calls",
      Usage: 3,
      ExtraInfo: '{"endpoint":"/search"}',
      OccurredAt: at("2026-11-01T10:00:00Z"),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { ID: number } };
    expect(Number.isInteger(data.ID)).toBe(true);
    expect(data).toEqual({
      ID: data.ID,
      Meter: "api-calls",
      Usage: 3,
      OccurredAt: at("2026-11-01T10:00:00Z"),
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
    expect((await api.request(`${URL_}?from=2026-11-01&to=2026-11-01`, { key: ota })).status).toBe(403);
  });

  it("replays a repeat with the same Idempotency-Key and records nothing", async () => {
    const body = { Meter: "idem", Usage: 7, OccurredAt: at("2026-11-02T12:00:00Z") };
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
    await record({ Meter: "decimal", Usage: 0.1, OccurredAt: at("2026-11-03T08:00:00Z") });
    await record({ Meter: "decimal", Usage: 0.2, OccurredAt: at("2026-11-03T09:00:00Z") });
    const { body } = await summary("from=2026-11-03&to=2026-11-03&tz=UTC");
    expect(body.data.Meters).toEqual([{ Meter: "decimal", TotalUsage: 0.3, EventCount: 2 }]);
    expect(body.data.Totals).toEqual({ Usage: 0.3, Events: 2 });
  });

  it("includes both ends of the period, 00:00:00 of from and 23:59:59 of to, in UTC", async () => {
    for (const [iso, usage] of [
      ["2026-11-04T23:59:59Z", 1],
      ["2026-11-05T00:00:00Z", 10],
      ["2026-11-06T23:59:59Z", 100],
      ["2026-11-07T00:00:00Z", 1000],
    ] as const) {
      await record({ Meter: "edges", Usage: usage, OccurredAt: at(iso) });
    }
    const { body } = await summary("from=2026-11-05&to=2026-11-06&tz=UTC");
    expect(body.data.Period).toEqual({
      From: "2026-11-05",
      To: "2026-11-06",
      TimeZone: "UTC",
      FromTimestamp: at("2026-11-05T00:00:00Z"),
      ToTimestamp: at("2026-11-06T23:59:59Z"),
    });
    expect(body.data.Meters).toEqual([{ Meter: "edges", TotalUsage: 110, EventCount: 2 }]);
  });

  it("follows Lisbon's daylight-saving days: 23 hours on 29 March, 25 hours on 25 October", async () => {
    // 2026-03-29 in Lisbon: 00:00 WET (00:00Z) to 24:00 WEST (23:00Z).
    for (const [iso, usage] of [
      ["2026-03-28T23:59:59Z", 1],
      ["2026-03-29T00:00:00Z", 10],
      ["2026-03-29T22:59:59Z", 100],
      ["2026-03-29T23:00:00Z", 1000],
    ] as const) {
      await record({ Meter: "spring", Usage: usage, OccurredAt: at(iso) });
    }
    const spring = await summary("from=2026-03-29&to=2026-03-29&tz=Europe/Lisbon");
    expect(spring.body.data.Period).toMatchObject({
      FromTimestamp: at("2026-03-29T00:00:00Z"),
      ToTimestamp: at("2026-03-29T22:59:59Z"),
    });
    expect(spring.body.data.Meters).toEqual([{ Meter: "spring", TotalUsage: 110, EventCount: 2 }]);
    // 2026-10-25 in Lisbon: 00:00 WEST (24 Oct 23:00Z) to 24:00 WET (25 Oct 24:00Z).
    for (const [iso, usage] of [
      ["2026-10-24T22:59:59Z", 1],
      ["2026-10-24T23:00:00Z", 10],
      ["2026-10-25T23:59:59Z", 100],
      ["2026-10-26T00:00:00Z", 1000],
    ] as const) {
      await record({ Meter: "autumn", Usage: usage, OccurredAt: at(iso) });
    }
    const autumn = await summary("from=2026-10-25&to=2026-10-25");
    expect(autumn.body.data.Period).toMatchObject({
      TimeZone: "Europe/Lisbon",
      FromTimestamp: at("2026-10-24T23:00:00Z"),
      ToTimestamp: at("2026-10-25T23:59:59Z"),
    });
    expect(autumn.body.data.Meters).toEqual([{ Meter: "autumn", TotalUsage: 110, EventCount: 2 }]);
  });

  it("follows Kolkata's half-hour offset", async () => {
    for (const [iso, usage] of [
      ["2026-11-09T18:29:59Z", 1],
      ["2026-11-09T18:30:00Z", 10],
      ["2026-11-10T18:29:59Z", 100],
      ["2026-11-10T18:30:00Z", 1000],
    ] as const) {
      await record({ Meter: "kolkata", Usage: usage, OccurredAt: at(iso) });
    }
    const { body } = await summary("from=2026-11-10&to=2026-11-10&tz=Asia/Kolkata");
    expect(body.data.Period).toMatchObject({
      FromTimestamp: at("2026-11-09T18:30:00Z"),
      ToTimestamp: at("2026-11-10T18:29:59Z"),
    });
    expect(body.data.Meters).toEqual([{ Meter: "kolkata", TotalUsage: 110, EventCount: 2 }]);
  });

  it("gives the same answer before and after the rollups are compacted", async () => {
    const before = await summary("from=2026-03-01&to=2026-11-30&tz=Asia/Kolkata");
    await compactUsageFully(api.db);
    const after = await summary("from=2026-03-01&to=2026-11-30&tz=Asia/Kolkata");
    expect(after.body).toEqual(before.body);
    expect(before.body.data.Totals.Events).toBeGreaterThan(10);
  });

  it("sorts by total, highest first, then by name, and counts only the key's operator", async () => {
    await record({ Meter: "b-meter", Usage: 5, OccurredAt: at("2026-11-12T10:00:00Z") });
    await record({ Meter: "a-meter", Usage: 5, OccurredAt: at("2026-11-12T10:00:00Z") });
    await record({ Meter: "c-meter", Usage: 9, OccurredAt: at("2026-11-12T10:00:00Z") });
    await record({ Meter: "c-meter", Usage: 999, OccurredAt: at("2026-11-12T10:00:00Z") }, {}, harbourKey);
    const { body } = await summary("from=2026-11-12&to=2026-11-12&tz=UTC");
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
    ["to=2026-11-01", "from", "from is required"],
    ["from=2026-11-01", "to", "to is required"],
    ["from=2026-11-31&to=2026-12-01", "from", "from must be a real date in YYYY-MM-DD form"],
    ["from=2026-11-02&to=2026-11-01", "to", "to must be on or after from"],
    ["from=2026-01-01&to=2027-01-02", "to", "to must be at most 366 days after from, both included"],
    ["from=2026-11-01&to=2026-11-02&tz=Mars/Olympus", "tz", "tz must be an IANA time zone name such as Europe/Lisbon"],
  ])("answers 422 to %s naming %s", async (query, field, message) => {
    const response = await api.request(`${URL_}?${query}`, { key });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors).toContainEqual({ field, message });
  });
});
