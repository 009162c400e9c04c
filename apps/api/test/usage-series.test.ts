import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { seriesQuerySchema } from "@slotwise/core";
import { compactUsageFully } from "@slotwise/db/testing";

import { usageSeriesSchema } from "../src/presenters/usage-schema.ts";
import { usageWindowSeries } from "../src/services/usage-window-series.ts";
import { problemOf, startApi, type Api } from "./harness.ts";

let api: Api;
let writer: string;
let reader: string;
let other: string;
const SERIES = "/api/v2/usage/meters/series";

interface Entry {
  Meter: string;
  Usage: number;
  OccurredAt: number;
}

interface Point {
  Start: string;
  StartTimestamp: number;
  TotalUsage: number;
  EventCount: number;
}

interface SeriesBody {
  data: {
    Period: { From: string; To: string; TimeZone: string; FromTimestamp: number; ToTimestamp: number };
    Window: string;
    Series: { Meter: string; Points: Point[] }[];
  };
}

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const HOUR = 3600;

/**
 * Entries every 47 minutes from 2026-09-28 to 2026-11-06, through both autumn changes, in
 * amounts with up to 6 decimals (0.1 and 0.2 among them), so sums are exact only if kept exact.
 */
const ENTRIES: Entry[] = Array.from({ length: 1200 }, (_, i) => ({
  Meter: ["api-calls", "storage-gb", "api-calls", "exports"][i % 4] ?? "",
  Usage: [0.1, 0.2, 3, 1.25, 0.000001, 7.5][i % 6] ?? 1,
  OccurredAt: at("2026-09-28T00:00:00Z") + i * 47 * 60,
}));

const post = (entries: Entry[], key = writer) =>
  api.request("/api/v2/usage/meters/batch", { method: "POST", key, json: { Entries: entries } });

const series = async (query: string, key = reader) => {
  const response = await api.request(`${SERIES}?${query}`, { key });
  return { response, body: (await response.json()) as SeriesBody };
};

/** The local label of an instant, by `Intl` rather than the service's own zone code. */
function localLabel(seconds: number, zone: string, window: "hour" | "day" | "month"): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(seconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (window === "hour") return `${day}T${parts.hour}:00`;
  return window === "day" ? day : `${parts.year}-${parts.month}`;
}

/** Sums of the posted entries per meter and local label, in millionths: integers add exactly. */
function expectedSums(zone: string, window: "hour" | "day" | "month", from: number, to: number) {
  const sums = new Map<string, { micro: number; events: number }>();
  for (const e of ENTRIES.filter((x) => x.OccurredAt >= from && x.OccurredAt <= to)) {
    const key = `${e.Meter} ${localLabel(e.OccurredAt, zone, window)}`;
    const sum = sums.get(key) ?? { micro: 0, events: 0 };
    sums.set(key, { micro: sum.micro + Math.round(e.Usage * 1e6), events: sum.events + 1 });
  }
  return sums;
}

const micro = (usage: number) => Math.round(usage * 1e6);

/**
 * Each meter's points against the entries posted, label by label; the points of one label
 * (the hour the autumn change repeats) added up, as `expectedSums` cannot tell them apart.
 */
function expectSumsMatch(body: SeriesBody, window: "hour" | "day" | "month") {
  const { Period } = body.data;
  const expected = expectedSums(Period.TimeZone, window, Period.FromTimestamp, Period.ToTimestamp);
  const actual = new Map<string, { micro: number; events: number }>();
  for (const { Meter, Points } of body.data.Series) {
    for (const p of Points) {
      const key = `${Meter} ${window === "month" ? p.Start.slice(0, 7) : p.Start}`;
      const sum = actual.get(key) ?? { micro: 0, events: 0 };
      actual.set(key, { micro: sum.micro + micro(p.TotalUsage), events: sum.events + p.EventCount });
      // One window's total is the double nearest its exact sum; exact integers divided give just that.
      if (Points.filter((q) => q.Start === p.Start).length === 1) {
        expect(p.TotalUsage, key).toBe((expected.get(key)?.micro ?? 0) / 1e6);
      }
    }
  }
  const meters = new Set(body.data.Series.map((s) => s.Meter));
  const shown = [...actual].filter(([, s]) => s.events > 0);
  expect(new Map(shown)).toEqual(new Map([...expected].filter(([key]) => meters.has(key.split(" ")[0] ?? ""))));
  expect(shown.length).toBeGreaterThan(0);
}

/** Meters by total over the period, highest first, then by name, as the summary orders them. */
function expectSummaryOrder(body: SeriesBody) {
  const totals = body.data.Series.map((s) => ({
    meter: s.Meter,
    total: s.Points.reduce((sum, p) => sum + micro(p.TotalUsage), 0),
  }));
  const sorted = [...totals].sort((a, b) => b.total - a.total || (a.meter < b.meter ? -1 : 1));
  expect(totals).toEqual(sorted);
}

beforeAll(async () => {
  api = await startApi();
  const operator = await api.db.operator.create({
    data: { slug: "series-co", name: "Series Co", timeZone: "Europe/Berlin" },
  });
  writer = await api.key({ operator: "series-co", scopes: ["usage:write"] });
  reader = await api.key({ operator: "series-co", scopes: ["usage:read"] });
  await api.db.operator.create({ data: { slug: "other-co", name: "Other Co", timeZone: "UTC" } });
  other = await api.key({ operator: "other-co", scopes: ["usage:write"] });
  // Half the entries folded into the rollups, half left for the compactor: the series reads both.
  expect((await post(ENTRIES.slice(0, 600))).status).toBe(201);
  expect((await post(ENTRIES.slice(0, 600), other)).status).toBe(201);
  await compactUsageFully(api.db);
  expect((await post(ENTRIES.slice(600))).status).toBe(201);
  expect((await post(ENTRIES.slice(600, 900), other)).status).toBe(201);
  // A built-in meter, as the platform records it, on 2026-10-26 in Berlin.
  await api.db.usageEntry.create({
    data: { operatorId: operator.id, meter: "order-completed", usage: 1, occurredAt: new Date("2026-10-26T09:00:00Z") },
  });
  ENTRIES.push({ Meter: "order-completed", Usage: 1, OccurredAt: at("2026-10-26T09:00:00Z") });
});

describe("GET /usage/meters/series", () => {
  it("gives day windows in the operator's zone by default, the autumn change's day 25 hours long", async () => {
    const { response, body } = await series("from=2026-10-20&to=2026-10-31");
    expect(response.status).toBe(200);
    const { Period, Window, Series } = body.data;
    expect(Window).toBe("day");
    expect(Period).toEqual({
      From: "2026-10-20",
      To: "2026-10-31",
      TimeZone: "Europe/Berlin",
      FromTimestamp: at("2026-10-19T22:00:00Z"),
      ToTimestamp: at("2026-10-31T23:00:00Z") - 1,
    });
    expect(Series.map((s) => s.Meter).sort()).toEqual(["api-calls", "exports", "order-completed", "storage-gb"]);
    expectSummaryOrder(body);
    const points = Series[0]?.Points ?? [];
    expect(points.map((p) => p.Start)).toEqual([
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
    ]);
    const lengths = points.map((p, i) => (points[i + 1]?.StartTimestamp ?? Period.ToTimestamp + 1) - p.StartTimestamp);
    expect(lengths).toEqual([24, 24, 24, 24, 24, 25, 24, 24, 24, 24, 24, 24].map((h) => h * HOUR));
    expectSumsMatch(body, "day");
  });

  it("includes zeros: every meter has a point for every window, usage or not", async () => {
    const { body } = await series("from=2026-10-24&to=2026-10-27&tz=UTC");
    const built = body.data.Series.find((s) => s.Meter === "order-completed");
    expect(built?.Points).toEqual([
      { Start: "2026-10-24", StartTimestamp: at("2026-10-24T00:00:00Z"), TotalUsage: 0, EventCount: 0 },
      { Start: "2026-10-25", StartTimestamp: at("2026-10-25T00:00:00Z"), TotalUsage: 0, EventCount: 0 },
      { Start: "2026-10-26", StartTimestamp: at("2026-10-26T00:00:00Z"), TotalUsage: 1, EventCount: 1 },
      { Start: "2026-10-27", StartTimestamp: at("2026-10-27T00:00:00Z"), TotalUsage: 0, EventCount: 0 },
    ]);
    const { body: quiet } = await series("from=2027-01-01&to=2027-01-02&tz=UTC");
    expect(quiet.data.Series).toEqual([]);
  });

  it("gives hour windows on the half hour in Asia/Kolkata", async () => {
    const { response, body } = await series("from=2026-10-28&to=2026-10-29&tz=Asia/Kolkata&window=hour");
    expect(response.status).toBe(200);
    expect(body.data.Window).toBe("hour");
    for (const { Points } of body.data.Series) {
      expect(Points).toHaveLength(48);
      expect(Points[0]).toMatchObject({ Start: "2026-10-28T00:00", StartTimestamp: at("2026-10-27T18:30:00Z") });
      expect(Points[13]).toMatchObject({ Start: "2026-10-28T13:00", StartTimestamp: at("2026-10-28T07:30:00Z") });
      expect(Points.every((p, i) => p.StartTimestamp === Points[0]!.StartTimestamp + i * HOUR)).toBe(true);
    }
    expectSumsMatch(body, "hour");
  });

  it("gives month windows in America/New_York, each from its first local midnight, the first from `from`", async () => {
    const { body } = await series("from=2026-09-15&to=2026-12-31&tz=America/New_York&window=month");
    expect(body.data.Window).toBe("month");
    for (const { Points } of body.data.Series) {
      expect(Points.map((p) => [p.Start, p.StartTimestamp])).toEqual([
        ["2026-09-15", at("2026-09-15T04:00:00Z")],
        ["2026-10-01", at("2026-10-01T04:00:00Z")],
        ["2026-11-01", at("2026-11-01T04:00:00Z")],
        ["2026-12-01", at("2026-12-01T05:00:00Z")],
      ]);
      expect(Points[3]).toMatchObject({ TotalUsage: 0, EventCount: 0 });
    }
    expectSumsMatch(body, "month");
  });

  it("sums exactly: 0.1 and 0.2 in one hour are 0.3, one from the rollups and one not", async () => {
    expect((await post([{ Meter: "exact", Usage: 0.1, OccurredAt: at("2026-08-01T10:05:00Z") }])).status).toBe(201);
    await compactUsageFully(api.db);
    expect((await post([{ Meter: "exact", Usage: 0.2, OccurredAt: at("2026-08-01T10:50:00Z") }])).status).toBe(201);
    const { body } = await series("from=2026-08-01&to=2026-08-01&tz=UTC&window=hour&meter=exact");
    expect(body.data.Series[0]?.Points[10]).toEqual({
      Start: "2026-08-01T10:00",
      StartTimestamp: at("2026-08-01T10:00:00Z"),
      TotalUsage: 0.3,
      EventCount: 2,
    });
  });

  it("answers only the meters asked for, built-in ones and unused ones included, ordered like the summary", async () => {
    const { response, body } = await series(
      "from=2026-10-01&to=2026-10-31&window=month&meter=never-used&meter=order-completed&meter=storage-gb&meter=storage-gb",
    );
    expect(response.status).toBe(200);
    expect(body.data.Series.map((s) => s.Meter)).toEqual(["storage-gb", "order-completed", "never-used"]);
    expect(body.data.Series[2]?.Points).toEqual([
      { Start: "2026-10-01", StartTimestamp: at("2026-09-30T22:00:00Z"), TotalUsage: 0, EventCount: 0 },
    ]);
    expectSumsMatch(body, "month");
    const single = await series("from=2026-10-01&to=2026-10-31&meter=exports");
    expect(single.body.data.Series.map((s) => s.Meter)).toEqual(["exports"]);
  });

  it.each([
    [
      "from=2026-10-01&to=2026-11-01&window=hour",
      "window",
      "window hour is allowed for periods of at most 31 days; use day or month",
    ],
    ["from=2026-10-01&to=2026-10-02&window=week", "window", "window must be hour, day or month"],
    ["from=2026-10-01&to=2026-10-02&tz=Mars/Olympus", "tz", "tz must be an IANA time zone name such as Europe/Lisbon"],
    ["from=2026-10-01&to=2027-10-02", "to", "to must be at most 366 days after from, both included"],
    ["to=2026-10-02", "from", "from is required"],
    // Its arithmetic would leave four-digit years: a day window on it would loop until the heap is full.
    ["from=9999-12-31&to=9999-12-31&tz=Etc/GMT%2B1", "from", "from must be on or before 9998-12-31"],
    ["from=9999-13-01&to=2026-10-02", "from", "from must be a real date in YYYY-MM-DD form"],
    [
      "from=2026-10-01&to=2026-10-02&meter=caf%C3%A9",
      "meter[0]",
      "meter must use only ASCII letters, digits and - _ . : /",
    ],
    [
      `from=2026-10-01&to=2026-10-02&${Array.from({ length: 26 }, (_, i) => `meter=m${i}`).join("&")}`,
      "meter",
      "meter may be given at most 25 times",
    ],
    ...["groupBy=region", "filter.region=eu", "groupBy[]=region", "filter[region]=eu"].map((parameter) => {
      const name = decodeURIComponent(parameter.split("=")[0] ?? "");
      return [
        `from=2026-10-01&to=2026-10-02&${parameter}`,
        name,
        `${name} is not a parameter of the series, which counts every entry: group or filter with GET /usage/meters`,
      ];
    }),
  ])("answers 422 to %s naming %s", async (query, field, message) => {
    const response = await api.request(`${SERIES}?${query}`, { key: reader });
    expect(response.status).toBe(422);
    const { problem, contentType } = await problemOf(response);
    expect(contentType).toBe("application/problem+json");
    expect(problem.type).toBe("http://api.test/problems/validation");
    expect(problem.instance).toBe(SERIES);
    expect(problem.errors).toContainEqual({ field, message });
  });

  it("allows hour windows for exactly 31 days", async () => {
    const { response, body } = await series("from=2026-10-01&to=2026-10-31&window=hour&meter=exports");
    expect(response.status).toBe(200);
    // 31 days of Berlin hours, one of them 25 hours long.
    expect(body.data.Series[0]?.Points).toHaveLength(31 * 24 + 1);
    expectSumsMatch(body, "hour");
    // The hour the clock repeats (02:00 CEST, then 02:00 CET) is two windows under one name.
    expect(
      body.data.Series[0]?.Points.filter((p) => p.Start === "2026-10-25T02:00").map((p) => p.StartTimestamp),
    ).toEqual([at("2026-10-25T00:00:00Z"), at("2026-10-25T01:00:00Z")]);
  });

  it("refuses more than 25 meters with usage unless the request names some", async () => {
    const many = Array.from({ length: 26 }, (_, i) => ({
      Meter: `many-${i}`,
      Usage: 1,
      OccurredAt: at("2026-08-15T12:00:00Z"),
    }));
    expect((await post(many)).status).toBe(201);
    const all = await api.request(`${SERIES}?from=2026-08-15&to=2026-08-15`, { key: reader });
    expect(all.status).toBe(422);
    expect((await problemOf(all)).problem.errors).toEqual([
      { field: "meter", message: "26 meters have usage in this period; name at most 25 of them with meter" },
    ]);
    const named = await series("from=2026-08-15&to=2026-08-15&meter=many-3&meter=many-12");
    expect(named.body.data.Series.map((s) => [s.Meter, s.Points[0]?.TotalUsage])).toEqual([
      ["many-12", 1],
      ["many-3", 1],
    ]);
  });

  it("needs the usage:read scope, and counts only the key's operator's entries", async () => {
    const denied = await api.request(`${SERIES}?from=2026-10-01&to=2026-10-02`, { key: writer });
    expect(denied.status).toBe(403);
    expect((await problemOf(denied)).problem.type).toBe("http://api.test/problems/forbidden");
    expect((await api.request(`${SERIES}?from=2026-10-01&to=2026-10-02`)).status).toBe(401);
    // other-co recorded the same entries as series-co's first 900: its own series holds only those.
    const otherReader = await api.key({ operator: "other-co", scopes: ["usage:read"] });
    const theirs = await series("from=2026-10-20&to=2026-10-31&tz=Europe/Berlin&meter=api-calls", otherReader);
    const ours = await series("from=2026-10-20&to=2026-10-31&tz=Europe/Berlin&meter=api-calls");
    const count = (b: SeriesBody) => b.data.Series[0]?.Points.reduce((n, p) => n + p.EventCount, 0);
    const posted = (limit: number) =>
      ENTRIES.slice(0, limit).filter(
        (e) =>
          e.Meter === "api-calls" &&
          e.OccurredAt >= ours.body.data.Period.FromTimestamp &&
          e.OccurredAt <= ours.body.data.Period.ToTimestamp,
      ).length;
    expect(count(theirs.body)).toBe(posted(900));
    expect(count(ours.body)).toBe(posted(1200));
    expect(posted(1200)).toBeGreaterThan(posted(900));
  });

  it("builds answers its schema leaves unchanged, so production may skip re-parsing them (documentedOutput)", async () => {
    const { id } = await api.db.operator.findUniqueOrThrow({ where: { slug: "series-co" } });
    // A unit, so that the answer carries the optional field too.
    await api.db.meterDefinition.create({ data: { operatorId: id, meter: "storage-gb", unit: "GB" } });
    const schema = z.object({ data: usageSeriesSchema });
    for (const query of [
      { from: "2026-09-27", to: "2026-11-07" },
      { from: "2026-10-28", to: "2026-10-29", tz: "Asia/Kolkata", window: "hour" },
      { from: "2026-09-15", to: "2026-12-31", tz: "America/New_York", window: "month" },
      { from: "2026-10-20", to: "2026-10-31", meter: ["order-completed", "unused-meter"] },
    ]) {
      const answer = { data: await usageWindowSeries(api.db, id, seriesQuerySchema.parse(query)) };
      expect(answer.data.Series.length).toBeGreaterThan(0);
      expect(answer.data.Series.some((s) => s.Unit === "GB") || query.meter !== undefined).toBe(true);
      // Strict: no field the schema would strip, no value it would refuse or change, and the
      // fields in the order its parse writes them, so the bytes (and ETags) are the same.
      expect(schema.parse(answer)).toStrictEqual(answer);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(schema.parse(answer)));
    }
  });
});
