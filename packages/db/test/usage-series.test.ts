import { describe, expect, it } from "vitest";

import { ExactDecimal, localBuckets, makePeriod, periodInstants } from "@slotwise/core";

import { useTestDatabase } from "../src/testing/use-test-database.ts";
import { compactUsage } from "../src/usage/compact-usage.ts";
import { usageSeries } from "../src/usage/usage-series.ts";

const { db } = await useTestDatabase();
const operator = await db.operator.create({ data: { slug: "series", name: "Series", timeZone: "UTC" } });

async function record(meter: string, usage: string, iso: string) {
  await db.usageEntry.create({ data: { operatorId: operator.id, meter, usage, occurredAt: new Date(iso) } });
}

async function series(from: string, to: string, zone: string, unit: "day" | "hour") {
  const { start, end } = periodInstants(makePeriod(from, to, zone));
  const points = await usageSeries(db, operator.id, start, end, localBuckets(from, to, zone, unit));
  return points.map((p) => [p.bucket, p.meter, new ExactDecimal(p.total).toFixed(), p.events]);
}

describe("usage series in local buckets computed by the application", () => {
  it("puts each entry in its local day and hour, and merges the hour the autumn change repeats", async () => {
    // Lisbon falls back at 02:00 WEST to 01:00 WET on 2026-10-25: 00:30Z and 01:30Z are both 01:30 local.
    await record("a", "1", "2026-10-25T00:30:00Z");
    await record("a", "2", "2026-10-25T01:30:00Z");
    await record("a", "4", "2026-10-24T23:30:00Z");
    await record("b", "0.5", "2026-10-25T22:59:59Z");
    await compactUsage(db);
    await record("a", "8", "2026-10-25T01:45:00Z");
    expect(await series("2026-10-25", "2026-10-25", "Europe/Lisbon", "hour")).toEqual([
      ["2026-10-25T00:00", "a", "4", 1],
      ["2026-10-25T01:00", "a", "11", 3],
      ["2026-10-25T22:00", "b", "0.5", 1],
    ]);
    expect(await series("2026-10-24", "2026-10-25", "Europe/Lisbon", "day")).toEqual([
      ["2026-10-25", "a", "15", 4],
      ["2026-10-25", "b", "0.5", 1],
    ]);
  });

  it("takes a zone PostgreSQL does not know, as long as the application does", async () => {
    await record("c", "3", "2026-03-08T10:15:00Z");
    expect(await series("2026-03-08", "2026-03-08", "US/Pacific-New", "hour")).toEqual([
      ["2026-03-08T03:00", "c", "3", 1],
    ]);
  });
});
