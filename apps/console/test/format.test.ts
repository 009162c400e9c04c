import { describe, expect, it } from "vitest";

import { formatInstant, formatLocalDate, formatMoney, formatNumber, formatUsage, humanize } from "../src/lib/format";

describe("format", () => {
  it("shows money from minor units", () => {
    expect(formatMoney(12345, "EUR")).toBe("€123.45");
    expect(formatMoney(500, "GBP")).toBe("£5.00");
  });

  it("shows usage with thousands separators and up to 12 decimals", () => {
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(formatNumber(0.000000000001)).toBe("0.000000000001");
    expect(formatNumber(3)).toBe("3");
  });

  it("shows a meter's figure with its unit, or alone when it has none", () => {
    expect(formatUsage(1234.5, "GB")).toBe("1,234.5 GB");
    expect(formatUsage(2, null)).toBe("2");
    expect(formatUsage(2, undefined)).toBe("2");
  });

  it("shows an instant in the zone it belongs to", () => {
    expect(formatInstant("2026-11-22T09:30:00Z", "Asia/Kolkata")).toBe("22 Nov 2026, 15:00");
    expect(formatInstant("2026-11-22T23:30:00Z", "Europe/Lisbon")).toBe("22 Nov 2026, 23:30");
    expect(formatInstant("2026-11-22T23:30:00Z", "Asia/Tokyo")).toBe("23 Nov 2026, 08:30");
    expect(formatInstant(null)).toBe("—");
  });

  it("shows a local calendar date as that same day wherever the browser is", () => {
    const zone = process.env.TZ;
    try {
      for (const browserZone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
        process.env.TZ = browserZone;
        expect(formatLocalDate("2026-11-22")).toBe("Sun, 22 Nov 2026");
        expect(formatLocalDate("2026-01-01", { day: "numeric", month: "short" })).toBe("1 Jan");
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it("turns enum values into words", () => {
    expect(humanize("WAITLIST_NOTIFIED")).toBe("Waitlist notified");
    expect(humanize("ONLINE")).toBe("Online");
  });
});
