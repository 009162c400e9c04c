import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addDays, eachDate } from "../time/calendar.ts";
import { dayBounds } from "../time/local-time.ts";
import { fieldErrorsOf } from "../validation/field-errors.ts";
import { BUILT_IN_METER_NAMES, builtInExtraInfo, isBuiltInMeter } from "./built-in-meters.ts";
import { ExactDecimal } from "./exact-decimal.ts";
import { makePeriod, periodInstants, periodQuerySchema } from "./period.ts";
import { assembleSummary, type MeterTotal } from "./summary.ts";
import { usageEntrySchema } from "./usage-entry.ts";

const now = new Date("2026-11-22T12:00:00Z");
const nowSeconds = Math.floor(now.getTime() / 1000);
// A retention longer than the days since 2000, so that the contract's own bounds are what is tested.
const entry = usageEntrySchema(now, 20_000);
const errors = (body: unknown) => {
  const r = entry.safeParse(body);
  return r.success ? [] : fieldErrorsOf(r.error);
};

describe("usage entries", () => {
  it("accepts a minimal and a full entry", () => {
    expect(entry.parse({ Meter: " api-calls ", Usage: 3 })).toEqual({ Meter: "api-calls", Usage: 3 });
    expect(entry.parse({ Meter: "gb", Usage: 0.000001, ExtraInfo: '{"a":1}', OccurredAt: nowSeconds })).toMatchObject({
      OccurredAt: nowSeconds,
    });
  });

  it.each([
    [{ Usage: 1 }, "Meter", "Meter is required"],
    [{ Meter: "  ", Usage: 1 }, "Meter", "Meter must not be empty"],
    [{ Meter: "m".repeat(101), Usage: 1 }, "Meter", "Meter must be at most 100 characters"],
    [
      { Meter: "order-completed", Usage: 1 },
      "Meter",
      "Meter names order-completed, waitlist-notified, workflow-email-sent, guest-checked-in are reserved for built-in meters",
    ],
    [
      { Meter: "Workflow-Email-Sent", Usage: 1 },
      "Meter",
      "Meter names order-completed, waitlist-notified, workflow-email-sent, guest-checked-in are reserved for built-in meters",
    ],
    [{ Meter: "m" }, "Usage", "Usage is required"],
    [{ Meter: "m", Usage: "5" }, "Usage", "Usage must be a JSON number"],
    [{ Meter: "m", Usage: 0 }, "Usage", "Usage must be greater than 0"],
    [{ Meter: "m", Usage: -1 }, "Usage", "Usage must be greater than 0"],
    [{ Meter: "m", Usage: 1e-7 }, "Usage", "Usage must have at most 6 decimal places"],
    [{ Meter: "m", Usage: 1e15 }, "Usage", "Usage must be less than 1e15"],
    [
      { Meter: "m", Usage: 1, ExtraInfo: "x".repeat(10_001) },
      "ExtraInfo",
      "ExtraInfo must be at most 10000 characters",
    ],
    [{ Meter: "m", Usage: 1, ExtraInfo: 5 }, "ExtraInfo", "ExtraInfo must be a string"],
    [{ Meter: "m", Usage: 1, OccurredAt: "1764547200" }, "OccurredAt", "OccurredAt must be a whole number"],
    [{ Meter: "m", Usage: 1, OccurredAt: 1.5 }, "OccurredAt", "OccurredAt must be a whole number"],
    [
      { Meter: "m", Usage: 1, OccurredAt: 946_684_799 },
      "OccurredAt",
      "OccurredAt must be Unix seconds on or after 2000-01-01 (946684800)",
    ],
    [
      { Meter: "m", Usage: 1, OccurredAt: nowSeconds + 86_401 },
      "OccurredAt",
      "OccurredAt must not be more than 24 hours ahead of the server clock",
    ],
  ])("rejects %j at %s", (body, field, message) => {
    expect(errors(body)).toContainEqual({ field, message });
  });

  it("refuses OccurredAt older than the retention age, and allows it exactly at the edge", () => {
    const retained = usageEntrySchema(now, 400);
    const edge = nowSeconds - 400 * 86_400;
    expect(retained.safeParse({ Meter: "m", Usage: 1, OccurredAt: edge }).success).toBe(true);
    const refused = retained.safeParse({ Meter: "m", Usage: 1, OccurredAt: edge - 1 });
    expect(refused.success ? [] : fieldErrorsOf(refused.error)).toEqual([
      {
        field: "OccurredAt",
        message: "OccurredAt must not be more than 400 days before the server clock (the retention of usage entries)",
      },
    ]);
  });

  it("allows OccurredAt exactly 24 hours ahead and exactly at 2000-01-01", () => {
    expect(errors({ Meter: "m", Usage: 1, OccurredAt: nowSeconds + 86_400 })).toEqual([]);
    expect(errors({ Meter: "m", Usage: 1, OccurredAt: 946_684_800 })).toEqual([]);
  });
});

describe("built-in meters", () => {
  it("registers the four meters with their ExtraInfo", () => {
    expect(BUILT_IN_METER_NAMES).toEqual([
      "order-completed",
      "waitlist-notified",
      "workflow-email-sent",
      "guest-checked-in",
    ]);
    expect(builtInExtraInfo("order-completed", { basketId: 42, total: 9000, currency: "EUR" })).toBe(
      '{"BasketID":42,"Total":{"Amount":9000,"Currency":"EUR"}}',
    );
    expect(builtInExtraInfo("waitlist-notified", { waitlistId: 7, multiBookingId: "mb_1" })).toBe(
      '{"WaitlistID":7,"MultiBookingID":"mb_1"}',
    );
    expect(builtInExtraInfo("workflow-email-sent", {})).toBeNull();
    expect(builtInExtraInfo("guest-checked-in", { reference: "BK-7Q3M9XK2", activityId: "s_7Hk2Pq9Lm" })).toBe(
      '{"Reference":"BK-7Q3M9XK2","ActivityID":"s_7Hk2Pq9Lm"}',
    );
    expect(isBuiltInMeter("order-completed")).toBe(true);
    expect(isBuiltInMeter("api-calls")).toBe(false);
  });
});

describe("summary period", () => {
  const query = periodQuerySchema("Europe/Lisbon");

  it("covers whole local days in UTC", () => {
    // The contract's example carries the timestamps of November 2025 (1761955200..1764547199).
    expect(makePeriod("2025-11-01", "2025-11-30", "UTC")).toMatchObject({
      FromTimestamp: 1_761_955_200,
      ToTimestamp: 1_764_547_199,
    });
    expect(makePeriod("2026-11-01", "2026-11-30", "UTC")).toEqual({
      From: "2026-11-01",
      To: "2026-11-30",
      TimeZone: "UTC",
      FromTimestamp: 1_793_491_200,
      ToTimestamp: 1_796_083_199,
    });
  });

  it("follows Lisbon's change days and Kolkata's half-hour offset", () => {
    const spring = makePeriod("2026-03-29", "2026-03-29", "Europe/Lisbon");
    expect(spring.ToTimestamp - spring.FromTimestamp + 1).toBe(23 * 3600);
    const autumn = makePeriod("2026-10-25", "2026-10-25", "Europe/Lisbon");
    expect(autumn.ToTimestamp - autumn.FromTimestamp + 1).toBe(25 * 3600);
    const kolkata = makePeriod("2026-11-01", "2026-11-01", "Asia/Kolkata");
    expect(kolkata.FromTimestamp).toBe(Date.UTC(2026, 9, 31, 18, 30) / 1000);
    expect(kolkata.ToTimestamp).toBe(Date.UTC(2026, 10, 1, 18, 29, 59) / 1000);
    expect(periodInstants(kolkata)).toEqual({
      start: new Date("2026-10-31T18:30:00Z"),
      end: new Date("2026-11-01T18:30:00Z"),
    });
  });

  it("defaults to the operator's zone and takes tz when given", () => {
    expect(query.parse({ from: "2026-07-01", to: "2026-07-01" }).TimeZone).toBe("Europe/Lisbon");
    expect(query.parse({ from: "2026-07-01", to: "2026-07-01", tz: "Asia/Kathmandu" }).FromTimestamp).toBe(
      Date.UTC(2026, 5, 30, 18, 15) / 1000,
    );
  });

  it.each([
    [{ to: "2026-01-01" }, "from", "from is required"],
    [{ from: "2026-01-01" }, "to", "to is required"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "from", "from must be a real date in YYYY-MM-DD form"],
    [{ from: "2026-03-02", to: "2026-03-01" }, "to", "to must be on or after from"],
    [{ from: "2026-01-01", to: "2027-01-02" }, "to", "to must be at most 366 days after from, both included"],
    [
      { from: "2026-01-01", to: "2026-01-02", tz: "Mars/Base" },
      "tz",
      "tz must be an IANA time zone name such as Europe/Lisbon",
    ],
  ])("rejects %j at %s", (input, field, message) => {
    const r = query.safeParse(input);
    expect(r.success ? [] : fieldErrorsOf(r.error)).toContainEqual({ field, message });
  });

  it("reports only the malformed date when a range end is malformed", () => {
    const r = query.safeParse({ from: "20260101", to: "2026-01-02" });
    expect(r.success ? [] : fieldErrorsOf(r.error)).toEqual([
      { field: "from", message: "from must be a real date in YYYY-MM-DD form" },
    ]);
  });

  it("allows a span of exactly 366 days", () => {
    expect(query.safeParse({ from: "2028-01-01", to: "2028-12-31" }).success).toBe(true);
  });

  it("property: the period lasts exactly the sum of its local days, for any range and zone", () => {
    const zones = [
      "UTC",
      "Europe/Lisbon",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "America/Santiago",
      "Australia/Lord_Howe",
      "America/St_Johns",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 365 * 20 }),
        fc.integer({ min: 0, max: 365 }),
        (zone, offset, length) => {
          const from = addDays("2010-01-01", offset);
          const to = addDays(from, length);
          const period = makePeriod(from, to, zone);
          const dayLengths = eachDate(from, to).reduce((sum, d) => {
            const { start, end } = dayBounds(d, zone);
            return sum + (end.getTime() - start.getTime()) / 1000;
          }, 0);
          expect(period.ToTimestamp - period.FromTimestamp + 1).toBe(dayLengths);
          expect(period.FromTimestamp).toBe(dayBounds(from, zone).start.getTime() / 1000);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("summary", () => {
  const period = makePeriod("2026-11-01", "2026-11-30", "UTC");

  it("sums exactly and sorts by total, then name", () => {
    const summary = assembleSummary(period, [
      { meter: "b", totalUsage: "0.3", eventCount: 2 },
      { meter: "order-completed", totalUsage: "34.5", eventCount: 10 },
      { meter: "a", totalUsage: "0.300000000000", eventCount: 1 },
      { meter: "api-calls", totalUsage: "1200", eventCount: 300 },
    ]);
    expect(summary.Meters).toEqual([
      { Meter: "api-calls", TotalUsage: 1200, EventCount: 300 },
      { Meter: "order-completed", TotalUsage: 34.5, EventCount: 10 },
      { Meter: "a", TotalUsage: 0.3, EventCount: 1 },
      { Meter: "b", TotalUsage: 0.3, EventCount: 2 },
    ]);
    expect(summary.Totals).toEqual({ Usage: 1235.1, Events: 313 });
    expect(assembleSummary(period, []).Totals).toEqual({ Usage: 0, Events: 0 });
  });

  it("adds 0.1 and 0.2 to 0.3", () => {
    const sum = [0.1, 0.2].reduce((s, u) => s.plus(new ExactDecimal(u)), new ExactDecimal(0));
    expect(assembleSummary(period, [{ meter: "m", totalUsage: sum, eventCount: 2 }]).Totals.Usage).toBe(0.3);
  });

  const rows = fc.uniqueArray(
    fc.record({
      meter: fc.stringMatching(/^[a-z-]{1,12}$/),
      totalUsage: fc
        .tuple(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
        .map(([n, scale]) => new ExactDecimal(n.toString()).dividedBy(new ExactDecimal(10).pow(scale)).toFixed()),
      eventCount: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    { selector: (r) => r.meter, maxLength: 30 },
  );

  it("property: totals equal the sum of the rows and the order is a strict total order", () => {
    fc.assert(
      fc.property(rows, (input: MeterTotal[]) => {
        const summary = assembleSummary(period, input);
        const exactTotal = input.reduce((s, r) => s.plus(r.totalUsage), new ExactDecimal(0));
        expect(summary.Totals.Usage).toBe(exactTotal.toNumber());
        expect(summary.Totals.Events).toBe(input.reduce((s, r) => s + r.eventCount, 0));
        expect(summary.Meters).toHaveLength(input.length);
        for (let i = 1; i < summary.Meters.length; i++) {
          const [a, b] = [summary.Meters[i - 1]!, summary.Meters[i]!];
          const ta = new ExactDecimal(input.find((r) => r.meter === a.Meter)!.totalUsage);
          const tb = new ExactDecimal(input.find((r) => r.meter === b.Meter)!.totalUsage);
          expect(ta.greaterThan(tb) || (ta.equals(tb) && a.Meter < b.Meter)).toBe(true);
        }
      }),
    );
  });

  it("property: decimal sums are exact whatever the order of the terms", () => {
    const terms = fc.array(fc.tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 12 })), {
      minLength: 1,
      maxLength: 50,
    });
    fc.assert(
      fc.property(terms, (pairs) => {
        const values = pairs.map(([n, scale]) => new ExactDecimal(n).dividedBy(new ExactDecimal(10).pow(scale)));
        const forward = values.reduce((s, v) => s.plus(v), new ExactDecimal(0));
        const backward = [...values].reverse().reduce((s, v) => s.plus(v), new ExactDecimal(0));
        expect(forward.equals(backward)).toBe(true);
        // Scaled to integers, the same sum in bigint arithmetic.
        const scaled = pairs.reduce((s, [n, scale]) => s + BigInt(n) * 10n ** BigInt(12 - scale), 0n);
        expect(forward.times(new ExactDecimal(10).pow(12)).toFixed()).toBe(scaled.toString());
      }),
    );
  });
});
