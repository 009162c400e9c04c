import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { seriesQuerySchema } from "@slotwise/core";
import { compactUsageFully, seal } from "@slotwise/db/testing";

import { usageSeriesSchema } from "../src/presenters/usage-schema.ts";
import { usageWindowSeries } from "../src/services/usage-window-series.ts";
import { problemOf, startApi, type Api } from "./harness.ts";
import { dayAfter, isoDay, lastDayOfMonth, lastOffsetChange, midnightUtc, seconds, utcDay } from "./recent-dates.ts";

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

const HOUR = 3600;
/** 00:00 UTC of a `YYYY-MM-DD` day, in seconds. */
const midnight = (day: string) => seconds(midnightUtc(day));

/** New York's most recent autumn change, and Berlin's (the operator's zone) the week before. */
const NEW_YORK = lastOffsetChange("America/New_York", "autumn");
const BERLIN = lastOffsetChange("Europe/Berlin", "autumn", { now: NEW_YORK.at });
/** The local day `days` after Berlin's 25-hour day. */
const day = (days: number) => dayAfter(BERLIN.day, days);
const OCTOBER = BERLIN.day.slice(0, 7);
const NEW_YORK_YEAR = NEW_YORK.day.slice(0, 4);
/** A day for requests whose answer does not depend on usage. */
const F = day(-24);

const STEP = 47 * 60;
const COUNT = 1200;
/**
 * From four weeks before Berlin's change, moved later when that is near the retention and earlier
 * when the last entry would be in the future: either way through both autumn changes.
 */
const FIRST = Math.min(Math.max(midnight(day(-27)), seconds(utcDay(-390))), seconds(new Date()) - COUNT * STEP - HOUR);
/**
 * A UTC day with no entries of ENTRIES, outside every period the tests below ask about: just before
 * New York's months asked about, or just after them when that is past the retention.
 */
const QUIET_DAY =
  midnight(`${NEW_YORK_YEAR}-09-13`) > seconds(utcDay(-395))
    ? `${NEW_YORK_YEAR}-09-13`
    : `${Number(NEW_YORK_YEAR) + 1}-01-02`;

/**
 * Entries every 47 minutes for some 39 days through both autumn changes, in amounts with up to
 * 6 decimals (0.1 and 0.2 among them), so sums are exact only if kept exact.
 */
const ENTRIES: Entry[] = Array.from({ length: COUNT }, (_, i) => ({
  Meter: ["api-calls", "storage-gb", "api-calls", "exports"][i % 4] ?? "",
  Usage: [0.1, 0.2, 3, 1.25, 0.000001, 7.5][i % 6] ?? 1,
  OccurredAt: FIRST + i * STEP,
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
  // A built-in meter, as the platform records it, the day after Berlin's change.
  const completed = midnight(day(1)) + 9 * HOUR;
  await api.db.usageEntry.create({
    data: { operatorId: operator.id, meter: "order-completed", usage: 1, occurredAt: new Date(completed * 1000) },
  });
  ENTRIES.push({ Meter: "order-completed", Usage: 1, OccurredAt: completed });
});

describe("GET /usage/meters/series", () => {
  it("gives day windows in the operator's zone by default, the autumn change's day 25 hours long", async () => {
    const { response, body } = await series(`from=${day(-5)}&to=${day(6)}`);
    expect(response.status).toBe(200);
    const { Period, Window, Series } = body.data;
    expect(Window).toBe("day");
    expect(Period).toEqual({
      From: day(-5),
      To: day(6),
      TimeZone: "Europe/Berlin",
      // Local midnights: in summer time before the change, in winter time after it.
      FromTimestamp: midnight(day(-5)) - BERLIN.before * 60,
      ToTimestamp: midnight(day(7)) - BERLIN.after * 60 - 1,
    });
    expect(Series.map((s) => s.Meter).sort()).toEqual(["api-calls", "exports", "order-completed", "storage-gb"]);
    expectSummaryOrder(body);
    const points = Series[0]?.Points ?? [];
    expect(points.map((p) => p.Start)).toEqual([
      day(-5),
      day(-4),
      day(-3),
      day(-2),
      day(-1),
      day(0),
      day(1),
      day(2),
      day(3),
      day(4),
      day(5),
      day(6),
    ]);
    const lengths = points.map((p, i) => (points[i + 1]?.StartTimestamp ?? Period.ToTimestamp + 1) - p.StartTimestamp);
    expect(lengths).toEqual([24, 24, 24, 24, 24, 25, 24, 24, 24, 24, 24, 24].map((h) => h * HOUR));
    expectSumsMatch(body, "day");
  });

  it("includes zeros: every meter has a point for every window, usage or not", async () => {
    const { body } = await series(`from=${day(-1)}&to=${day(2)}&tz=UTC`);
    const built = body.data.Series.find((s) => s.Meter === "order-completed");
    expect(built?.Points).toEqual([
      { Start: day(-1), StartTimestamp: midnight(day(-1)), TotalUsage: 0, EventCount: 0 },
      { Start: day(0), StartTimestamp: midnight(day(0)), TotalUsage: 0, EventCount: 0 },
      { Start: day(1), StartTimestamp: midnight(day(1)), TotalUsage: 1, EventCount: 1 },
      { Start: day(2), StartTimestamp: midnight(day(2)), TotalUsage: 0, EventCount: 0 },
    ]);
    const { body: quiet } = await series(`from=${isoDay(utcDay(30))}&to=${isoDay(utcDay(31))}&tz=UTC`);
    expect(quiet.data.Series).toEqual([]);
  });

  it("gives hour windows on the half hour in Asia/Kolkata", async () => {
    const { response, body } = await series(`from=${day(3)}&to=${day(4)}&tz=Asia/Kolkata&window=hour`);
    expect(response.status).toBe(200);
    expect(body.data.Window).toBe("hour");
    for (const { Points } of body.data.Series) {
      expect(Points).toHaveLength(48);
      expect(Points[0]).toMatchObject({ Start: `${day(3)}T00:00`, StartTimestamp: midnight(day(3)) - 5.5 * HOUR });
      expect(Points[13]).toMatchObject({ Start: `${day(3)}T13:00`, StartTimestamp: midnight(day(3)) + 7.5 * HOUR });
      expect(Points.every((p, i) => p.StartTimestamp === Points[0]!.StartTimestamp + i * HOUR)).toBe(true);
    }
    expectSumsMatch(body, "hour");
  });

  it("gives month windows in America/New_York, each from its first local midnight, the first from `from`", async () => {
    const y = NEW_YORK_YEAR;
    const { body } = await series(`from=${y}-09-15&to=${y}-12-31&tz=America/New_York&window=month`);
    expect(body.data.Window).toBe("month");
    // New York changes in November after its first midnight: December alone starts in winter time.
    const summer = -NEW_YORK.before * 60;
    const winter = -NEW_YORK.after * 60;
    for (const { Points } of body.data.Series) {
      expect(Points.map((p) => [p.Start, p.StartTimestamp])).toEqual([
        [`${y}-09-15`, midnight(`${y}-09-15`) + summer],
        [`${y}-10-01`, midnight(`${y}-10-01`) + summer],
        [`${y}-11-01`, midnight(`${y}-11-01`) + summer],
        [`${y}-12-01`, midnight(`${y}-12-01`) + winter],
      ]);
      expect(Points[3]).toMatchObject({ TotalUsage: 0, EventCount: 0 });
    }
    expectSumsMatch(body, "month");
  });

  it("sums exactly: 0.1 and 0.2 in one hour are 0.3, one from the rollups and one not", async () => {
    const yesterday = isoDay(utcDay(-1));
    const ten = midnight(yesterday) + 10 * HOUR;
    expect((await post([{ Meter: "exact", Usage: 0.1, OccurredAt: ten + 5 * 60 }])).status).toBe(201);
    await compactUsageFully(api.db);
    expect((await post([{ Meter: "exact", Usage: 0.2, OccurredAt: ten + 50 * 60 }])).status).toBe(201);
    const { body } = await series(`from=${yesterday}&to=${yesterday}&tz=UTC&window=hour&meter=exact`);
    expect(body.data.Series[0]?.Points[10]).toEqual({
      Start: `${yesterday}T10:00`,
      StartTimestamp: ten,
      TotalUsage: 0.3,
      EventCount: 2,
    });
  });

  it("answers only the meters asked for, built-in ones and unused ones included, ordered like the summary", async () => {
    const { response, body } = await series(
      `from=${OCTOBER}-01&to=${lastDayOfMonth(BERLIN.day)}&window=month&meter=never-used&meter=order-completed&meter=storage-gb&meter=storage-gb`,
    );
    expect(response.status).toBe(200);
    expect(body.data.Series.map((s) => s.Meter)).toEqual(["storage-gb", "order-completed", "never-used"]);
    expect(body.data.Series[2]?.Points).toEqual([
      {
        Start: `${OCTOBER}-01`,
        StartTimestamp: midnight(`${OCTOBER}-01`) - BERLIN.before * 60,
        TotalUsage: 0,
        EventCount: 0,
      },
    ]);
    expectSumsMatch(body, "month");
    const single = await series(`from=${OCTOBER}-01&to=${lastDayOfMonth(BERLIN.day)}&meter=exports`);
    expect(single.body.data.Series.map((s) => s.Meter)).toEqual(["exports"]);
  });

  it.each([
    [
      `from=${F}&to=${dayAfter(F, 31)}&window=hour`,
      "window",
      "window hour is allowed for periods of at most 31 days; use day or month",
    ],
    [`from=${F}&to=${dayAfter(F, 1)}&window=week`, "window", "window must be hour, day or month"],
    [`from=${F}&to=${dayAfter(F, 1)}&tz=Mars/Olympus`, "tz", "tz must be an IANA time zone name such as Europe/Lisbon"],
    [`from=${F}&to=${dayAfter(F, 366)}`, "to", "to must be at most 366 days after from, both included"],
    [`to=${dayAfter(F, 1)}`, "from", "from is required"],
    // Its arithmetic would leave four-digit years: a day window on it would loop until the heap is full.
    ["from=9999-12-31&to=9999-12-31&tz=Etc/GMT%2B1", "from", "from must be on or before 9998-12-31"],
    [`from=9999-13-01&to=${dayAfter(F, 1)}`, "from", "from must be a real date in YYYY-MM-DD form"],
    [
      `from=${F}&to=${dayAfter(F, 1)}&meter=caf%C3%A9`,
      "meter[0]",
      "meter must use only ASCII letters, digits and - _ . : /",
    ],
    [
      `from=${F}&to=${dayAfter(F, 1)}&${Array.from({ length: 26 }, (_, i) => `meter=m${i}`).join("&")}`,
      "meter",
      "meter may be given at most 25 times",
    ],
    ...["groupBy=region", "filter.region=eu", "groupBy[]=region", "filter[region]=eu"].map((parameter) => {
      const name = decodeURIComponent(parameter.split("=")[0] ?? "");
      return [
        `from=${F}&to=${dayAfter(F, 1)}&${parameter}`,
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
    const { response, body } = await series(`from=${day(-20)}&to=${day(10)}&window=hour&meter=exports`);
    expect(response.status).toBe(200);
    // 31 days of Berlin hours, one of them 25 hours long.
    expect(body.data.Series[0]?.Points).toHaveLength(31 * 24 + 1);
    expectSumsMatch(body, "hour");
    // The hour the clock repeats (02:00 CEST, then 02:00 CET) is two windows under one name.
    expect(
      body.data.Series[0]?.Points.filter((p) => p.Start === `${BERLIN.day}T02:00`).map((p) => p.StartTimestamp),
    ).toEqual([seconds(BERLIN.at) - HOUR, seconds(BERLIN.at)]);
  });

  it("refuses more than 25 meters with usage unless the request names some", async () => {
    const many = Array.from({ length: 26 }, (_, i) => ({
      Meter: `many-${i}`,
      Usage: 1,
      OccurredAt: midnight(QUIET_DAY) + 12 * HOUR,
    }));
    expect((await post(many)).status).toBe(201);
    const all = await api.request(`${SERIES}?from=${QUIET_DAY}&to=${QUIET_DAY}`, { key: reader });
    expect(all.status).toBe(422);
    expect((await problemOf(all)).problem.errors).toEqual([
      { field: "meter", message: "26 meters have usage in this period; name at most 25 of them with meter" },
    ]);
    const named = await series(`from=${QUIET_DAY}&to=${QUIET_DAY}&meter=many-3&meter=many-12`);
    expect(named.body.data.Series.map((s) => [s.Meter, s.Points[0]?.TotalUsage])).toEqual([
      ["many-12", 1],
      ["many-3", 1],
    ]);
  });

  it("needs the usage:read scope, and counts only the key's operator's entries", async () => {
    const denied = await api.request(`${SERIES}?from=${F}&to=${dayAfter(F, 1)}`, { key: writer });
    expect(denied.status).toBe(403);
    expect((await problemOf(denied)).problem.type).toBe("http://api.test/problems/forbidden");
    expect((await api.request(`${SERIES}?from=${F}&to=${dayAfter(F, 1)}`)).status).toBe(401);
    // other-co recorded the same entries as series-co's first 900: its own series holds only those.
    const otherReader = await api.key({ operator: "other-co", scopes: ["usage:read"] });
    const theirs = await series(`from=${day(-5)}&to=${day(6)}&tz=Europe/Berlin&meter=api-calls`, otherReader);
    const ours = await series(`from=${day(-5)}&to=${day(6)}&tz=Europe/Berlin&meter=api-calls`);
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
      { from: day(-28), to: day(13) },
      { from: day(3), to: day(4), tz: "Asia/Kolkata", window: "hour" },
      { from: `${NEW_YORK_YEAR}-09-15`, to: `${NEW_YORK_YEAR}-12-31`, tz: "America/New_York", window: "month" },
      { from: day(-5), to: day(6), meter: ["order-completed", "unused-meter"] },
    ]) {
      const answer = { data: await usageWindowSeries(seal(api.db), id, seriesQuerySchema.parse(query)) };
      expect(answer.data.Series.length).toBeGreaterThan(0);
      expect(answer.data.Series.some((s) => s.Unit === "GB") || query.meter !== undefined).toBe(true);
      // Strict: no field the schema would strip, no value it would refuse or change, and the
      // fields in the order its parse writes them, so the bytes (and ETags) are the same.
      expect(schema.parse(answer)).toStrictEqual(answer);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(schema.parse(answer)));
    }
  });
});
