import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { addDays, daySpan, eachDate, isCalendarDate, isClockTime, todayIn } from "./calendar.ts";
import { dayBounds, instantToLocal, localToInstants, toOffsetIso } from "./local-time.ts";
import { isTimeZone } from "./zones.ts";

const ZONES = [
  "UTC",
  "Europe/Lisbon",
  "America/New_York",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "America/Santiago",
  "Pacific/Chatham",
];

describe("calendar", () => {
  it("accepts real dates only", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("2026-1-01")).toBe(false);
    expect(isCalendarDate("20260101")).toBe(false);
  });

  it("accepts 24-hour HH:MM only", () => {
    expect(isClockTime("00:00")).toBe(true);
    expect(isClockTime("23:59")).toBe(true);
    expect(isClockTime("24:00")).toBe(false);
    expect(isClockTime("9:30")).toBe(false);
    expect(isClockTime("09:60")).toBe(false);
  });

  it("knows IANA zones and refuses offsets and nonsense", () => {
    expect(isTimeZone("Europe/Lisbon")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("counts and walks inclusive ranges", () => {
    expect(daySpan("2026-01-01", "2026-01-01")).toBe(1);
    expect(daySpan("2026-01-01", "2026-12-31")).toBe(365);
    expect(eachDate("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(eachDate("2026-02-27", "2026-03-02", 2)).toEqual(["2026-02-27", "2026-02-28"]);
    expect(eachDate("1970-01-01", "9998-12-31", 367)).toHaveLength(367);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("lists the days of a range as luxon's day-by-day walk did, leap days and year ends included", () => {
    const day = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2400-12-31T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, fc.nat({ max: 800 }), (first, length) => {
        const start = first.toISOString().slice(0, 10);
        const end = addDays(start, length - 400);
        const walked: string[] = [];
        const last = DateTime.fromISO(end, { zone: "UTC" });
        for (let d = DateTime.fromISO(start, { zone: "UTC" }); d <= last; d = d.plus({ days: 1 })) {
          walked.push(d.toISODate() ?? "");
        }
        expect(eachDate(start, end)).toEqual(walked);
      }),
      { numRuns: 300 },
    );
    expect(eachDate("2026-02-30", "2026-03-02")).toEqual([]);
  });

  it("walks up to the last four-digit day and refuses arithmetic past it, never a day that sorts wrong", () => {
    expect(eachDate("9999-12-30", "9999-12-31")).toEqual(["9999-12-30", "9999-12-31"]);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(isCalendarDate("9999-12-31")).toBe(true);
    for (const text of ["9999-12-32", "9999-13-01", "9999-99-99", "2026-02-29", "2026-00-10", "0000-01-01"])
      expect(isCalendarDate(text), text).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("0004-02-29")).toBe(true);
  });

  it("tells today's date in a zone", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(todayIn("UTC", instant)).toBe("2026-11-22");
    expect(todayIn("Asia/Kolkata", instant)).toBe("2026-11-23");
  });
});

describe("local time and instants", () => {
  it("maps an ordinary local time to one instant", () => {
    expect(localToInstants("2026-12-01", "09:30", "Europe/Lisbon")).toEqual([new Date("2026-12-01T09:30:00Z")]);
    expect(localToInstants("2026-07-01", "09:30", "Europe/Lisbon")).toEqual([new Date("2026-07-01T08:30:00Z")]);
    expect(localToInstants("2026-07-01", "09:30", "Asia/Kolkata")).toEqual([new Date("2026-07-01T04:00:00Z")]);
  });

  it("has no instant for a local time skipped by the spring change", () => {
    // Lisbon: 2026-03-29 01:00 WET jumps to 02:00 WEST.
    expect(localToInstants("2026-03-29", "01:30", "Europe/Lisbon")).toEqual([]);
    expect(localToInstants("2026-03-29", "02:00", "Europe/Lisbon")).toEqual([new Date("2026-03-29T01:00:00Z")]);
  });

  it("has two instants, earliest first, for a local time repeated by the autumn change", () => {
    // Lisbon: 2026-10-25 02:00 WEST goes back to 01:00 WET.
    expect(localToInstants("2026-10-25", "01:30", "Europe/Lisbon")).toEqual([
      new Date("2026-10-25T00:30:00Z"),
      new Date("2026-10-25T01:30:00Z"),
    ]);
  });

  it("formats instants with the zone's offset", () => {
    expect(toOffsetIso(new Date("2026-12-01T09:30:00Z"), "UTC")).toBe("2026-12-01T09:30:00+00:00");
    expect(toOffsetIso(new Date("2026-07-01T08:30:00Z"), "Europe/Lisbon")).toBe("2026-07-01T09:30:00+01:00");
    expect(toOffsetIso(new Date("2026-07-01T04:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01T09:30:00+05:30");
  });

  it("gives days of 23 and 25 hours on change days, and a day that starts at 01:00 where midnight is skipped", () => {
    const hours = (date: string, zone: string) => {
      const { start, end } = dayBounds(date, zone);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours("2026-03-29", "Europe/Lisbon")).toBe(23);
    expect(hours("2026-10-25", "Europe/Lisbon")).toBe(25);
    expect(hours("2026-10-26", "Europe/Lisbon")).toBe(24);
    // Santiago moves its clocks at midnight: 2026-09-06 starts at 01:00.
    expect(instantToLocal(dayBounds("2026-09-06", "America/Santiago").start, "America/Santiago").time).toBe("01:00");
  });

  it("property: local time to instant and back is the identity, except in gaps", () => {
    const localTimes = fc.record({
      zone: fc.constantFrom(...ZONES),
      day: fc.integer({ min: 0, max: 365 * 30 }),
      minutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    });
    fc.assert(
      fc.property(localTimes, ({ zone, day, minutes }) => {
        const date = addDays("2010-01-01", day);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const instants = localToInstants(date, time, zone);
        expect(instants.length).toBeLessThanOrEqual(2);
        for (const instant of instants) expect(instantToLocal(instant, zone)).toEqual({ date, time });
      }),
      { numRuns: 2000 },
    );
  });

  it("property: an instant maps to a local time that maps back to it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1_262_304_000, max: 2_208_988_800 }),
        (zone, seconds) => {
          const instant = new Date(Math.floor(seconds / 60) * 60_000);
          const { date, time } = instantToLocal(instant, zone);
          expect(localToInstants(date, time, zone).map((d) => d.getTime())).toContain(instant.getTime());
        },
      ),
      { numRuns: 2000 },
    );
  });
});
