import { describe, expect, it } from "vitest";

import { localBuckets, type LocalBucket } from "./local-buckets.ts";

const starts = (buckets: readonly LocalBucket[]) => buckets.map((b) => [b.start.toISOString(), b.label]);

describe("localBuckets", () => {
  it("starts each local day at its midnight, half-hour offsets included", () => {
    expect(starts(localBuckets("2026-02-01", "2026-02-02", "Asia/Kolkata", "day"))).toEqual([
      ["2026-01-31T18:30:00.000Z", "2026-02-01"],
      ["2026-02-01T18:30:00.000Z", "2026-02-02"],
    ]);
  });

  it("leaves out the hour the spring change skips, and repeats the label of the hour the autumn change repeats", () => {
    const spring = localBuckets("2026-03-29", "2026-03-29", "Europe/Lisbon", "hour");
    expect(spring).toHaveLength(23);
    expect(spring.map((b) => b.label)).not.toContain("2026-03-29T01:00");
    const autumn = localBuckets("2026-10-25", "2026-10-25", "Europe/Lisbon", "hour");
    expect(autumn).toHaveLength(25);
    expect(starts(autumn).filter(([, label]) => label === "2026-10-25T01:00")).toEqual([
      ["2026-10-25T00:00:00.000Z", "2026-10-25T01:00"],
      ["2026-10-25T01:00:00.000Z", "2026-10-25T01:00"],
    ]);
  });

  it("starts an hour where the clock jumps into it, when a change moves it by half an hour", () => {
    // Lord Howe moves from 02:00 to 02:30 on 2026-10-04: that hour has 30 minutes, from 02:30.
    const buckets = starts(localBuckets("2026-10-04", "2026-10-04", "Australia/Lord_Howe", "hour"));
    expect(buckets.find(([, label]) => label === "2026-10-04T02:00")).toEqual([
      "2026-10-03T15:30:00.000Z",
      "2026-10-04T02:00",
    ]);
    expect(buckets.find(([, label]) => label === "2026-10-04T03:00")).toEqual([
      "2026-10-03T16:00:00.000Z",
      "2026-10-04T03:00",
    ]);
  });

  it("drops a day the zone skipped whole (Samoa, 2011-12-30)", () => {
    expect(localBuckets("2011-12-29", "2011-12-31", "Pacific/Apia", "day").map((b) => b.label)).toEqual([
      "2011-12-29",
      "2011-12-31",
    ]);
  });

  it("is the same for a zone's aliases and spellings", () => {
    expect(localBuckets("2026-03-08", "2026-03-08", "US/Pacific-New", "hour")).toEqual(
      localBuckets("2026-03-08", "2026-03-08", "America/Los_Angeles", "hour"),
    );
    expect(localBuckets("2026-03-08", "2026-03-08", "america/los_angeles", "day")).toEqual(
      localBuckets("2026-03-08", "2026-03-08", "America/Los_Angeles", "day"),
    );
  });

  it("starts months on their first local midnight, the first month at the period's start", () => {
    expect(starts(localBuckets("2026-10-15", "2027-01-10", "America/New_York", "month"))).toEqual([
      ["2026-10-15T04:00:00.000Z", "2026-10-15"],
      ["2026-11-01T04:00:00.000Z", "2026-11-01"],
      ["2026-12-01T05:00:00.000Z", "2026-12-01"],
      ["2027-01-01T05:00:00.000Z", "2027-01-01"],
    ]);
  });

  it("makes the autumn change's day 25 hours long", () => {
    const days = localBuckets("2026-10-24", "2026-10-26", "Europe/Berlin", "day").map((b) => b.start.getTime());
    expect([days[1]! - days[0]!, days[2]! - days[1]!].map((ms) => ms / 3_600_000)).toEqual([24, 25]);
  });
});
