import { beforeAll, describe, expect, it } from "vitest";

import { createSession, hashPassword } from "@slotwise/db";

import { startApi, type Api } from "./harness.ts";
import { isoDay, utcDay } from "./recent-dates.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let desk: ReturnType<typeof trpcClient>;
const DEFINITIONS = "/api/v2/usage/meter-definitions";

beforeAll(async () => {
  api = await startApi();
  desk = trpcClient(api.base);
  await desk.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

const photos = {
  Meter: "photos-gb",
  Unit: "GB",
  Description: "Photos kept for customers",
  Thresholds: [
    { Period: "month" as const, Value: 1000 },
    { Period: "day" as const, Value: 0.1 },
  ],
};

/** The 422's field errors, as the console reads them. */
async function fieldsOf(attempt: Promise<unknown>): Promise<string[]> {
  const error = (await attempt.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  )) as { shape?: { problem?: { status: number; extra: { errors?: { field: string }[] } } } };
  expect(error.shape?.problem?.status).toBe(422);
  return (error.shape?.problem?.extra.errors ?? []).map((e) => e.field);
}

describe("meter definitions in the console", () => {
  it("are created, listed by meter, changed and deleted, scoped to the operator", async () => {
    const created = await desk.console.meterDefinitions.create.mutate(photos);
    expect(created.find((d) => d.Meter === "photos-gb")).toEqual({
      ...photos,
      Thresholds: [
        { Period: "day", Value: 0.1 },
        { Period: "month", Value: 1000 },
      ],
    });
    await desk.console.meterDefinitions.create.mutate({ Meter: "order-completed", Unit: "orders" });
    // The demo seed defines its own three meters.
    expect((await desk.console.meterDefinitions.list.query()).map((d) => d.Meter)).toEqual([
      "api-calls",
      "order-completed",
      "photos-gb",
      "sms-sent",
      "storage-gb",
    ]);

    const changed = await desk.console.meterDefinitions.change.mutate({
      Meter: "photos-gb",
      Unit: null,
      Description: "",
      Thresholds: [{ Period: "day", Value: 123456789.123456 }],
    });
    expect(changed.find((d) => d.Meter === "photos-gb")).toEqual({
      Meter: "photos-gb",
      Unit: null,
      Description: "",
      Thresholds: [{ Period: "day", Value: 123456789.123456 }],
    });

    const harbour = trpcClient(api.base);
    await harbour.console.session.signIn.mutate({ email: "harbour@example.com", password: "correct-horse-battery" });
    expect((await harbour.console.meterDefinitions.list.query()).map((d) => d.Meter)).toEqual(["api-calls"]);
    await expect(harbour.console.meterDefinitions.delete.mutate({ Meter: "photos-gb" })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });

    const left = await desk.console.meterDefinitions.delete.mutate({ Meter: "photos-gb" });
    expect(left.map((d) => d.Meter)).toEqual(["api-calls", "order-completed", "sms-sent", "storage-gb"]);
    await expect(desk.console.meterDefinitions.delete.mutate({ Meter: "photos-gb" })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    await expect(desk.console.meterDefinitions.change.mutate({ Meter: "nothing-here" })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
  });

  it("refuse a second definition of one meter, naming Meter", async () => {
    await desk.console.meterDefinitions.create.mutate({ Meter: "twice" });
    expect(await fieldsOf(desk.console.meterDefinitions.create.mutate({ Meter: "twice", Unit: "x" }))).toEqual([
      "Meter",
    ]);
  });

  it.each([
    [{ Meter: "Order_Completed" }, ["Meter"]],
    [{ Meter: "api calls" }, ["Meter"]],
    [{ Meter: "m", Unit: "u".repeat(21) }, ["Unit"]],
    [{ Meter: "m", Description: "d".repeat(501) }, ["Description"]],
    [{ Meter: "m", Thresholds: [{ Period: "day", Value: -1 }] }, ["Thresholds[0].Value"]],
    [
      {
        Meter: "m",
        Thresholds: [
          { Period: "day", Value: 1 },
          { Period: "year", Value: 0.0000001 },
        ],
      },
      ["Thresholds[1].Period", "Thresholds[1].Value"],
    ],
    [
      { Meter: "m", Thresholds: Array.from({ length: 11 }, (_, i) => ({ Period: "day", Value: i + 1 })) },
      ["Thresholds"],
    ],
  ])("refuse %j with 422 naming %j", async (input, fields) => {
    expect(await fieldsOf(desk.console.meterDefinitions.create.mutate(input as typeof photos))).toEqual(fields);
  });

  it("stop at 100 per operator", async () => {
    const operator = await api.db.operator.create({ data: { slug: "many-meters", name: "Many Meters" } });
    const user = await api.db.consoleUser.create({
      data: {
        operatorId: operator.id,
        email: "many@example.com",
        name: "Many",
        passwordHash: await hashPassword("correct-horse-battery"),
      },
    });
    await createSession(api.db, user.id, new Date());
    await api.db.meterDefinition.createMany({
      data: Array.from({ length: 99 }, (_, i) => ({ operatorId: operator.id, meter: `m-${i}` })),
    });
    const many = trpcClient(api.base);
    await many.console.session.signIn.mutate({ email: "many@example.com", password: "correct-horse-battery" });
    // Two at once for the last place: the operator's row is locked while counting.
    const outcomes = await Promise.allSettled([
      many.console.meterDefinitions.create.mutate({ Meter: "last-a" }),
      many.console.meterDefinitions.create.mutate({ Meter: "last-b" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await api.db.meterDefinition.count({ where: { operatorId: operator.id } })).toBe(100);
  });
});

describe("GET /usage/meter-definitions", () => {
  it("answers the key's operator's definitions with usage:read, and 403 without it", async () => {
    await desk.console.meterDefinitions.create.mutate({
      Meter: "sms",
      Unit: "SMS",
      Thresholds: [{ Period: "month", Value: 500 }],
    });
    const reader = await api.key({ scopes: ["usage:read"] });
    const response = await api.request(DEFINITIONS, { key: reader });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { Meter: string }[] };
    expect(data.find((d) => d.Meter === "sms")).toEqual({
      Meter: "sms",
      Unit: "SMS",
      Description: "",
      Thresholds: [{ Period: "month", Value: 500 }],
    });

    const harbourReader = await api.key({ operator: "harbour", scopes: ["usage:read"] });
    const harbours = (await (await api.request(DEFINITIONS, { key: harbourReader })).json()) as {
      data: { Meter: string }[];
    };
    expect(harbours.data.map((d) => d.Meter)).toEqual(["api-calls"]);

    const writer = await api.key({ scopes: ["usage:write"] });
    const refused = await api.request(DEFINITIONS, { key: writer });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect((await api.request(DEFINITIONS)).status).toBe(401);
  });
});

describe("usage summaries and series", () => {
  it("carry each meter's Unit when it has one, and nothing more for the others", async () => {
    await desk.console.meterDefinitions.create.mutate({ Meter: "upload-gb", Unit: "GB" });
    await desk.console.meterDefinitions.create.mutate({ Meter: "no-unit", Description: "counted" });
    const writer = await api.key({ scopes: ["usage:write", "usage:read"] });
    // A day before the demo operator's seeded history, so that only these three meters have usage.
    const day = isoDay(utcDay(-200));
    const at = Math.floor(Date.parse(`${day}T10:00:00Z`) / 1000);
    for (const [Meter, Usage] of [
      ["upload-gb", 2.5],
      ["no-unit", 1],
      ["calls", 7],
    ] as const)
      await api.request("/api/v2/usage/meters", {
        method: "POST",
        key: writer,
        json: { Meter, Usage, OccurredAt: at },
      });
    const response = await api.request(`/api/v2/usage/meters?from=${day}&to=${day}&tz=UTC`, { key: writer });
    const { data } = (await response.json()) as { data: { Totals: unknown; Meters: unknown[] } };
    expect(data.Meters).toEqual([
      { Meter: "calls", TotalUsage: 7, EventCount: 1 },
      { Meter: "upload-gb", TotalUsage: 2.5, EventCount: 1, Unit: "GB" },
      { Meter: "no-unit", TotalUsage: 1, EventCount: 1 },
    ]);
    expect(data.Totals).toEqual({ Usage: 10.5, Events: 3 });
    const series = await api.request(`/api/v2/usage/meters/series?from=${day}&to=${day}&tz=UTC`, {
      key: writer,
    });
    const { Series } = ((await series.json()) as { data: { Series: { Meter: string; Unit?: string }[] } }).data;
    expect(Series.map(({ Meter, Unit }) => ({ Meter, Unit }))).toEqual([
      { Meter: "calls", Unit: undefined },
      { Meter: "upload-gb", Unit: "GB" },
      { Meter: "no-unit", Unit: undefined },
    ]);
    const consoleSummary = await desk.console.usage.summary.query({ from: day, to: day, tz: "UTC" });
    expect(consoleSummary.Meters.find((m) => m.Meter === "upload-gb")?.Unit).toBe("GB");
    const csv = await desk.console.usage.csv.query({
      from: day,
      to: day,
      tz: "UTC",
      kind: "summary",
    });
    expect(csv.csv.trim().split("\n")).toEqual([
      `"meter","total_usage","event_count","built_in","unit"`,
      `"calls","7","1","no",`,
      `"upload-gb","2.5","1","no","GB"`,
      `"no-unit","1","1","no",`,
      `"TOTAL",,"3",,`,
    ]);
  });
});
