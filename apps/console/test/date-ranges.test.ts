import { describe, expect, it } from "vitest";

import { presetRange, rangeFromUrl } from "../src/lib/date-ranges";

// 02:00 UTC on 1 March 2026: already March in Tokyo, still 28 February in New York.
const now = new Date("2026-03-01T02:00:00Z");
const params = (query: string) => {
  const search = new URLSearchParams(query);
  return (key: string) => search.get(key) ?? undefined;
};

describe("presetRange", () => {
  it("counts today in the last 7 and 30 days", () => {
    expect(presetRange("last-7-days", "UTC", now)).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(presetRange("last-30-days", "UTC", now)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });

  it("runs this month from its first day to today", () => {
    expect(presetRange("this-month", "UTC", now)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(presetRange("this-month", "America/New_York", now)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("gives last month whole, whatever its length, in the chosen zone", () => {
    expect(presetRange("last-month", "UTC", now)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("last-month", "America/New_York", now)).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(presetRange("last-month", "UTC", new Date("2028-03-10T12:00:00Z"))).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(presetRange("last-month", "UTC", new Date("2027-01-15T12:00:00Z"))).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });
});

describe("rangeFromUrl", () => {
  it("defaults to the last 30 days in the operator's zone", () => {
    expect(rangeFromUrl(params(""), "America/New_York", now)).toEqual({
      preset: "last-30-days",
      from: "2026-01-30",
      to: "2026-02-28",
      tz: "America/New_York",
    });
  });

  it("reads a preset in the zone the address names", () => {
    expect(rangeFromUrl(params("range=this-month&tz=Asia/Tokyo"), "America/New_York", now)).toEqual({
      preset: "this-month",
      from: "2026-03-01",
      to: "2026-03-01",
      tz: "Asia/Tokyo",
    });
  });

  it("ignores dates in the address unless the range is custom", () => {
    expect(rangeFromUrl(params("range=last-7-days&from=2020-01-01&to=2020-01-02"), "UTC", now)).toMatchObject({
      from: "2026-02-23",
      to: "2026-03-01",
    });
  });

  it("keeps the dates of a custom range", () => {
    expect(rangeFromUrl(params("range=custom&from=2025-12-24&to=2026-01-02&tz=Asia/Kolkata"), "UTC", now)).toEqual({
      preset: "custom",
      from: "2025-12-24",
      to: "2026-01-02",
      tz: "Asia/Kolkata",
    });
  });

  it("fills a missing or impossible custom end from the last 30 days", () => {
    expect(rangeFromUrl(params("range=custom&from=2026-02-10"), "UTC", now)).toMatchObject({
      from: "2026-02-10",
      to: "2026-03-01",
    });
    expect(rangeFromUrl(params("range=custom&from=2026-02-30&to=1-x"), "UTC", now)).toMatchObject({
      from: "2026-01-31",
      to: "2026-03-01",
    });
  });

  it("fills a custom end outside the dates the API takes from the last 30 days", () => {
    for (const [from, to] of [
      ["9999-12-31", "9999-12-31"],
      ["9999-12-32", "9999-13-01"],
      ["1969-12-31", "9999-01-01"],
    ]) {
      expect(rangeFromUrl(params(`range=custom&from=${from}&to=${to}`), "UTC", now), `${from}..${to}`).toMatchObject({
        from: "2026-01-31",
        to: "2026-03-01",
      });
    }
  });

  it("falls back on an unknown preset or zone rather than failing the page", () => {
    expect(rangeFromUrl(params("range=last-year&tz=Mars/Olympus_Mons"), "Europe/Lisbon", now)).toEqual({
      preset: "last-30-days",
      from: "2026-01-31",
      to: "2026-03-01",
      tz: "Europe/Lisbon",
    });
  });
});
