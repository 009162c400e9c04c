import { describe, expect, it } from "vitest";

import { addDays, isCalendarDate, monthStart, todayIn } from "./plain-dates.ts";

// 02:00 UTC on 1 March 2026: already March in Tokyo, still 28 February in New York.
const now = new Date("2026-03-01T02:00:00Z");

describe("plain dates", () => {
  it("todayIn is the calendar date of the zone, not of UTC", () => {
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-03-01");
    expect(todayIn("UTC", now)).toBe("2026-03-01");
    expect(todayIn("America/New_York", now)).toBe("2026-02-28");
  });

  it("addDays crosses month, leap-day and year ends, and keeps years below 100 as written", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("0050-01-01", 0)).toBe("0050-01-01");
  });

  it("monthStart moves by whole months from any day", () => {
    expect(monthStart("2026-03-31", 0)).toBe("2026-03-01");
    expect(monthStart("2026-03-31", -1)).toBe("2026-02-01");
    expect(monthStart("2026-01-15", -1)).toBe("2025-12-01");
  });

  it("isCalendarDate accepts only days that exist", () => {
    for (const good of ["2026-02-28", "2028-02-29", "9999-12-31", "0001-01-01"])
      expect(isCalendarDate(good), good).toBe(true);
    for (const bad of ["2026-02-29", "2026-02-30", "0000-01-01", "2026-13-01", "20260101", "2026-1-01"])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});
