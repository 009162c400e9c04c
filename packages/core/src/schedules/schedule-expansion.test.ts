import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { instantToLocal } from "../time/local-time.ts";
import { addDays } from "../time/plain-dates.ts";
import {
  countScheduleStarts,
  expandSchedule,
  firstScheduleClash,
  weekdayOf,
  WEEKDAYS,
  type ScheduleRule,
} from "./schedule-expansion.ts";

const ZONES = ["UTC", "Europe/Lisbon", "America/New_York", "Asia/Kolkata", "Australia/Adelaide", "America/St_Johns"];
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2020, 0, 1);

const times = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

const rules = fc
  .record({
    day: fc.integer({ min: 0, max: 365 * 2 }),
    days: fc.integer({ min: 0, max: 120 }),
    open: fc.boolean(),
    weekdays: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }),
    times: fc.uniqueArray(times, { minLength: 1, maxLength: 4 }),
    zone: fc.constantFrom(...ZONES),
    windowShift: fc.integer({ min: -30, max: 30 }),
  })
  .map(({ day, days, open, weekdays, times, zone, windowShift }) => {
    const startDate = new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);
    const rule: ScheduleRule = { startDate, endDate: open ? null : addDays(startDate, days), weekdays, times };
    const from = addDays(startDate, windowShift);
    return { rule, zone, from, to: addDays(from, 60) };
  });

describe("schedule expansion", () => {
  it("gives starts within the range, on a chosen weekday, at a chosen local time, none twice", () => {
    fc.assert(
      fc.property(rules, ({ rule, zone, from, to }) => {
        const starts = expandSchedule(rule, zone, from, to);
        const seen = new Set<number>();
        for (const start of starts) {
          const local = instantToLocal(start.startsAt, zone);
          expect(local).toEqual({ date: start.date, time: start.time });
          expect(start.date >= rule.startDate && start.date >= from && start.date <= to).toBe(true);
          if (rule.endDate !== null) expect(start.date <= rule.endDate).toBe(true);
          expect(rule.weekdays).toContain(weekdayOf(start.date));
          expect(rule.times).toContain(start.time);
          expect(seen.has(start.startsAt.getTime())).toBe(false);
          seen.add(start.startsAt.getTime());
        }
        expect(starts.length).toBeLessThanOrEqual(countScheduleStarts(rule, from, to));
      }),
      { numRuns: 60 },
    );
  });

  it("misses no start outside a clock change", () => {
    fc.assert(
      fc.property(rules, ({ rule, from, to }) => {
        // UTC has no clock changes: every chosen weekday and time in range is a start.
        expect(expandSchedule(rule, "UTC", from, to)).toHaveLength(countScheduleStarts(rule, from, to));
      }),
      { numRuns: 60 },
    );
  });

  it("skips the spring-forward gap and takes the first of a fall-back hour in Lisbon", () => {
    const daily = (date: string, times: string[]): ScheduleRule => ({
      startDate: date,
      endDate: date,
      weekdays: [...WEEKDAYS],
      times,
    });
    // Lisbon moves from 01:00 WET to 02:00 WEST on the last Sunday of March 2027 (28 March).
    const spring = expandSchedule(
      daily("2027-03-28", ["00:30", "01:30", "02:30"]),
      "Europe/Lisbon",
      "2027-03-28",
      "2027-03-28",
    );
    expect(spring.map((start) => start.time)).toEqual(["00:30", "02:30"]);
    expect(spring.map((start) => start.startsAt.toISOString())).toEqual([
      "2027-03-28T00:30:00.000Z",
      "2027-03-28T01:30:00.000Z",
    ]);
    // And back from 02:00 WEST to 01:00 WET on 31 October 2027: 01:30 happens twice.
    const fall = expandSchedule(daily("2027-10-31", ["01:30"]), "Europe/Lisbon", "2027-10-31", "2027-10-31");
    expect(fall.map((start) => start.startsAt.toISOString())).toEqual(["2027-10-31T00:30:00.000Z"]);
  });

  it("keeps local times in a zone half an hour off the hour", () => {
    const rule: ScheduleRule = {
      startDate: "2027-01-04",
      endDate: "2027-01-10",
      weekdays: ["MO", "FR"],
      times: ["09:00"],
    };
    const starts = expandSchedule(rule, "Asia/Kolkata", "2027-01-01", "2027-01-31");
    expect(starts.map((start) => start.startsAt.toISOString())).toEqual([
      "2027-01-04T03:30:00.000Z",
      "2027-01-08T03:30:00.000Z",
    ]);
    // Adelaide (+10:30 in its summer, +09:30 in winter) moves its clocks on 4 April 2027.
    const adelaide = expandSchedule(
      { startDate: "2027-04-03", endDate: "2027-04-04", weekdays: [...WEEKDAYS], times: ["10:00"] },
      "Australia/Adelaide",
      "2027-04-03",
      "2027-04-04",
    );
    expect(adelaide.map((start) => start.startsAt.toISOString())).toEqual([
      "2027-04-02T23:30:00.000Z",
      "2027-04-04T00:30:00.000Z",
    ]);
  });
});

describe("schedule clashes", () => {
  const base: ScheduleRule = {
    startDate: "2027-01-01",
    endDate: "2027-03-31",
    weekdays: ["SA", "SU"],
    times: ["09:00", "14:30"],
  };

  it("names the first shared local date and time", () => {
    // 2027-01-01 is a Friday, so the first shared Saturday is the 2nd; the later schedule starts on the 10th.
    expect(firstScheduleClash(base, { ...base, startDate: "2027-01-10", times: ["14:30"] }, "Europe/Lisbon")).toEqual({
      date: "2027-01-10",
      time: "14:30",
    });
    expect(firstScheduleClash(base, { ...base, startDate: "2026-12-01", endDate: null }, "UTC")).toEqual({
      date: "2027-01-02",
      time: "09:00",
    });
  });

  it("finds none without a shared weekday, time or date", () => {
    expect(firstScheduleClash(base, { ...base, weekdays: ["MO"] }, "UTC")).toBeNull();
    expect(firstScheduleClash(base, { ...base, times: ["10:00"] }, "UTC")).toBeNull();
    expect(firstScheduleClash(base, { ...base, startDate: "2027-04-01", endDate: null }, "UTC")).toBeNull();
  });

  it("agrees with the starts both schedules generate", () => {
    fc.assert(
      fc.property(rules, rules, ({ rule: a, zone }, { rule: b }) => {
        const clash = firstScheduleClash(a, b, zone);
        const from = a.startDate < b.startDate ? a.startDate : b.startDate;
        const to = addDays(from, 365 * 3);
        const bStarts = new Set(expandSchedule(b, zone, from, to).map((start) => `${start.date} ${start.time}`));
        const shared = expandSchedule(a, zone, from, to).find((start) => bStarts.has(`${start.date} ${start.time}`));
        expect(clash).toEqual(shared ? { date: shared.date, time: shared.time } : null);
      }),
      { numRuns: 60 },
    );
  });
});
