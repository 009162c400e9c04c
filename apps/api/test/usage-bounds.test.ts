import { beforeAll, describe, expect, it } from "vitest";

import { ExactDecimal } from "@slotwise/core";
import { compactUsageFully } from "@slotwise/db/testing";

import { problemOf, startApi, type Api } from "./harness.ts";
import { isoDay, utcDay } from "./recent-dates.ts";

let api: Api;
let key: string;
const URL_ = "/api/v2/usage/meters";
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** Recent UTC days, one for the values at the bounds and one for the totals. */
const EDGE_DAY = isoDay(utcDay(-3));
const TOTALS_DAY = isoDay(utcDay(-2));

beforeAll(async () => {
  api = await startApi();
  await api.db.operator.create({ data: { slug: "bounds-co", name: "Bounds Co", timeZone: "UTC" } });
  key = await api.key({ operator: "bounds-co", scopes: ["usage:write", "usage:read"] });
});

/** Posts the JSON text as written, so the number is exactly what a client would send. */
const post = (json: string) =>
  api.request(URL_, { method: "POST", key, body: json, headers: { "Content-Type": "application/json" } });

describe("Usage bounds over REST", () => {
  it.each([
    ["9e25", "Usage must be less than 1e15"],
    ["1000000000000000", "Usage must be less than 1e15"],
    ["0.0000001", "Usage must have at most 6 decimal places"],
    ["0.30000000000000004", "Usage must have at most 6 decimal places"],
    ["1234567890.123456", "Usage must have at most 15 significant digits"],
  ])("answers 422 naming Usage to %s, and records nothing", async (usage, message) => {
    const response = await post(`{"Meter": "refused", "Usage": ${usage}}`);
    expect(response.status).toBe(422);
    expect((await problemOf(response)).problem.errors).toEqual([{ field: "Usage", message }]);
    expect(await api.db.usageEntry.count({ where: { meter: "refused" } })).toBe(0);
  });

  it.each([
    ["0.1000000000000000001", "/usage/meters"],
    ["2.0000000000000001", "/usage/meters"],
    ["99999999999999.999999", "/usage/meters/batch"],
  ])(
    "answers 422 to %s, which a JSON parser reads as a shorter number, and records nothing (%s)",
    async (usage, path) => {
      const entry = `{"Meter": "rounded", "Usage": ${usage}, "ExtraInfo": "{\\"n\\": 0.1000000000000000001}"}`;
      const response = await api.request(`/api/v2${path}`, {
        method: "POST",
        key,
        body: path.endsWith("batch") ? `{"Entries": [${entry}]}` : entry,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status).toBe(422);
      const { problem } = await problemOf(response);
      const message = `The number ${usage} has more digits than a JSON number carries exactly: send at most 15 significant digits`;
      expect(problem.detail).toBe(message);
      expect(problem.errors).toEqual([{ field: "", message }]);
      expect(await api.db.usageEntry.count({ where: { meter: "rounded" } })).toBe(0);
    },
  );

  it("answers /trpc's own error, 422, to a number parsing would change, and records nothing", async () => {
    for (const [path, body] of [
      ["usage.record", '{"Meter": "rounded-trpc", "Usage": 0.1000000000000000001}'],
      ["usage.recordBatch", '{"Entries": [{"Meter": "rounded-trpc", "Usage": 3.0000000000000001}]}'],
    ] as const) {
      const response = await api.request(`/trpc/${path}`, {
        method: "POST",
        key,
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("has more digits than a JSON number carries exactly");
    }
    expect(await api.db.usageEntry.count({ where: { meter: "rounded-trpc" } })).toBe(0);
  });

  it("answers /trpc's BAD_REQUEST, 400 malformed-json, to a body naming __proto__ or constructor.prototype or not JSON, as REST does, and records nothing", async () => {
    for (const body of [
      '{"Meter": "proto-trpc", "Usage": 1, "__proto__": {"x": 1}}',
      '{"Meter": "proto-trpc", "Usage": 1, "\\u005f_proto__": {"x": 1}}',
      '{"Meter": "proto-trpc", "Usage": 1, "a": {"constructor": {"prototype": {}}}}',
      '{"Meter": "proto-trpc", "Usage": 1',
    ]) {
      const response = await api.request("/trpc/usage.record", {
        method: "POST",
        key,
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as {
        error: { message: string; data: { code: string }; problem: { kind: string } };
      };
      expect(error.message).toBe("The body is not valid JSON, or names __proto__ or constructor.prototype");
      expect(error.data.code).toBe("BAD_REQUEST");
      expect(error.problem.kind).toBe("malformed-json");
    }
    expect(await api.db.usageEntry.count({ where: { meter: "proto-trpc" } })).toBe(0);
  });

  it("takes long digit runs inside strings as text, and numbers a double carries as written", async () => {
    const response = await post(
      `{"Meter": "long-digits", "Usage": 1.50000000000000000000, "EventID": "12345678901234567890", "ExtraInfo": "{\\"n\\": 0.1000000000000000001}"}`,
    );
    expect(response.status).toBe(201);
    const stored = await api.db.usageEntry.findFirstOrThrow({ where: { meter: "long-digits" } });
    expect([stored.usage.toFixed(), stored.eventId, stored.extraInfo]).toEqual([
      "1.5",
      "12345678901234567890",
      '{"n": 0.1000000000000000001}',
    ]);
  });

  it("stores values at the bounds exactly as written and answers them unchanged", async () => {
    for (const usage of ["999999999999999", "0.000001", "999999999.999999", "123456.654321"]) {
      const response = await post(`{"Meter": "edge", "Usage": ${usage}, "OccurredAt": ${at(`${EDGE_DAY}T10:00:00Z`)}}`);
      expect(response.status).toBe(201);
      const text = await response.text();
      expect(text).toContain(`"Usage":${usage}`);
      const { data } = JSON.parse(text) as { data: { ID: number } };
      const stored = await api.db.usageEntry.findFirstOrThrow({ where: { id: data.ID } });
      expect(new ExactDecimal(stored.usage.toFixed()).toFixed()).toBe(usage);
    }
  });

  it("answers totals exactly, from the entries and from the rollups: whole numbers to 2^53, fractions below 1e9", async () => {
    for (let i = 0; i < 9; i++)
      await post(`{"Meter": "whole", "Usage": 999999999999999, "OccurredAt": ${at(`${TOTALS_DAY}T10:00:00Z`)}}`);
    for (let i = 0; i < 8; i++)
      await post(`{"Meter": "fraction", "Usage": 123456789.123456, "OccurredAt": ${at(`${TOTALS_DAY}T11:00:00Z`)}}`);
    const summary = () =>
      api.request(`${URL_}?from=${TOTALS_DAY}&to=${TOTALS_DAY}&tz=UTC`, { key }).then((r) => r.text());
    const before = await summary();
    expect(before).toContain('{"Meter":"whole","TotalUsage":8999999999999991,"EventCount":9}');
    expect(before).toContain('{"Meter":"fraction","TotalUsage":987654312.987648,"EventCount":8}');
    await compactUsageFully(api.db);
    expect(await summary()).toBe(before);
  });
});

describe("summaries at the edge of the calendar", () => {
  it.each(["UTC", "Europe/Lisbon", "America/Los_Angeles", "Pacific/Kiritimati"])(
    "answers the last day of year 9998 in %s, and refuses year 9999 (its arithmetic leaves four-digit years)",
    async (tz) => {
      const response = await api.request(`${URL_}?from=9998-12-31&to=9998-12-31&tz=${tz}`, { key });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        data: {
          Meters: [],
          Period: { From: "9998-12-31", To: "9998-12-31", TimeZone: tz },
          Totals: { Events: 0, Usage: 0 },
        },
      });
      const refused = await api.request(`${URL_}?from=9999-12-31&to=9999-12-31&tz=${tz}`, { key });
      expect(refused.status).toBe(422);
      expect((await problemOf(refused)).problem.errors).toContainEqual({
        field: "to",
        message: "to must be on or before 9998-12-31",
      });
    },
  );
});
