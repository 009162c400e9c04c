import { expect, test } from "vitest";

import type { FeedFollowResult } from "../src/feed-follower.ts";
import type { LoadResult } from "../src/load.ts";
import { spread } from "../src/percentile.ts";
import type { BenchResults } from "../src/results.ts";
import type { SalesPhase } from "../src/scenarios/booking.ts";
import { checks, matchByIdentity, targets } from "../src/verdict.ts";

test("identity: every acknowledged ID stored once, unanswered ones only up to those in flight", () => {
  expect(matchByIdentity(["a", "b"], ["a", "b"], 0).ok).toBe(true);
  expect(matchByIdentity(["a", "b"], ["a", "b", "c"], 1)).toMatchObject({ ok: true, unacknowledged: 1 });
  expect(matchByIdentity(["a", "b"], ["a", "b", "c", "d"], 1)).toMatchObject({ ok: false, unacknowledged: 2 });
});

test("identity: a lost write is found even when the counts agree", () => {
  // Two stored, two acknowledged: counting alone would pass.
  const m = matchByIdentity([1, 2], [1, 3], 50);
  expect(m).toMatchObject({ ok: false, missing: 1, unacknowledged: 1 });
});

test("identity: one ID acknowledged twice, stored twice, or one request sold twice fails", () => {
  expect(matchByIdentity([1, 1], [1], 50)).toMatchObject({ ok: false, duplicated: 1 });
  expect(matchByIdentity([1], [1, 1], 50)).toMatchObject({ ok: false, duplicated: 1 });
  expect(matchByIdentity(["a"], ["a"], 50, 1)).toMatchObject({ ok: false, duplicated: 1 });
});

test("a target is met only when the median meets it, whatever the best pair did", () => {
  const judged = targets({ rest_get_layer_ratio: spread([0.43, 0.59, 0.73]), booking_p99_ms: spread([120, 160, 149]) });
  expect(judged.find((t) => t.figure === "rest_get_layer_ratio")).toMatchObject({
    met: false,
    median: 0.59,
    min: 0.43,
    max: 0.73,
    measurements: 3,
  });
  expect(judged.find((t) => t.figure === "booking_p99_ms")).toMatchObject({ met: true, median: 149 });
  // Figures the run did not measure are not judged.
  expect(judged.find((t) => t.figure === "usage_post_ratio")?.met).toBeNull();
});

test("a quick run records its figures but judges none of them", () => {
  const judged = targets({ booking_p99_ms: spread([120, 160, 149]) }, false);
  expect(judged.find((t) => t.figure === "booking_p99_ms")).toMatchObject({ met: null, median: 149 });
});

const loadOf = (statuses: Record<string, number>, errors = 0): LoadResult => ({
  requests: Object.values(statuses).reduce((a, b) => a + b, 0),
  rps: 1,
  p50: 1,
  p99: 1,
  statuses,
  errors,
});
const phase = (sold: number, refused: number, ok = true): SalesPhase => ({
  tag: "B",
  sold,
  sold_per_s: sold,
  refused,
  refusedBy: refused ? { 409: refused } : {},
  identity: matchByIdentity(["r"], ok ? ["r"] : [], 0),
  sale_p50_ms: 1,
  sale_p99_ms: 2,
  refusal_p99_ms: null,
  cpu_ms_per_sale: 1,
});

test("only the phases run are judged, and each booking side must sell without meeting a full timeslot", () => {
  const details: BenchResults["details"] = {
    bookings: {
      catalogueSlots: 10,
      placesPerPhase: 100,
      rounds: [
        {
          api: { ...phase(100, 0), load: loadOf({ "2xx": 100 }) },
          baseline: phase(200, 3),
          ratio: 0.5,
        },
      ],
    },
    capacity: { bookings: 0 },
  };
  const judged = checks(details);
  expect(judged.every((c) => /booking|capacity/.test(c.check))).toBe(true);
  expect(judged.filter((c) => !c.ok).map((c) => c.check)).toEqual([
    "bookings (baseline, pair 1): every attempt sold, none met a full timeslot",
  ]);
});

test("a lost booking, a timeslot over capacity, a 5xx or a load with no answers fails the run", () => {
  const details: BenchResults["details"] = {
    bookings: {
      catalogueSlots: 10,
      placesPerPhase: 100,
      rounds: [
        {
          api: { ...phase(100, 0, false), load: loadOf({ "2xx": 100, "5xx": 1 }) },
          baseline: phase(200, 0),
          ratio: 0.5,
        },
      ],
    },
    usage: {
      rounds: [{ api: loadOf({}), baseline: loadOf({ "2xx": 5 }), ratio: 0 }],
      two: loadOf({ "2xx": 5 }),
      usage_post_ratio: spread([0]),
      two_process_ratio: 1,
      identity: matchByIdentity([1], [1], 0),
    },
    capacity: { bookings: 1 },
  };
  const failed = checks(details)
    .filter((c) => !c.ok)
    .map((c) => c.check);
  expect(failed).toEqual([
    "answered, no 5xx: POST booking, pair 1",
    "bookings (API, pair 1): every acknowledged one stored exactly once, by ID",
    "answered, no 5xx: POST usage, pair 1",
    "no timeslot over its capacity after bookings",
  ]);
});

const scanRound = (codes: number, firstScans: number) => ({
  codes,
  p50: 1,
  p95: 2,
  statuses: { 200: codes },
  firstScans,
  perSecond: 100,
});

test("check-ins: a code checked in twice, a race with two first scans or a lost check-in fails the run", () => {
  const details: BenchResults["details"] = {
    checkIns: {
      scanners: 50,
      timeZone: "UTC",
      rounds: [scanRound(500, 500), scanRound(500, 499)],
      repeat: { scans: 200, firstScans: 1, sameTime: 199 },
      race: { codes: 20, scansPerCode: 5, exactlyOnce: 19 },
      stored: { scanned: 1_020, checkedIn: 1_019 },
    },
    capacity: {},
  };
  expect(
    checks(details)
      .filter((c) => !c.ok)
      .map((c) => c.check),
  ).toEqual([
    "check-ins round 2: every distinct code a first scan",
    "check-ins: a repeat scan answers the first scan's time, never FirstScan",
    "check-ins: 5 scanners on one fresh code, exactly one FirstScan",
    "check-ins: every scanned ticket stored checked in",
  ]);
});

test("catalogue: a gap in the feed, a schedule short of its timeslots or a failed confirmation fails the run", () => {
  const latency = { p50: 1, p95: 2, samples: 10 };
  const day = (timeslots: number) => ({ timeslots, latency, firstMs: 1 });
  const side = (failures: Record<string, number>) => ({ cycles: 10, p50: 1, p95: 2, failures, references: ["BK-1"] });
  const details: BenchResults["details"] = {
    catalogue: {
      rounds: [{ small: day(1_000), large: day(100_000), ratio: 1 }],
      calendar: { ...latency, days: 366, timeslots: 100_000 },
      feed: { inserted: 99_000, changes: 99_000, pages: 99, fullPages: 99, gaps: 1, latency },
      octo: { ...latency, days: 31, timeslots: 100_000 },
      schedules: [
        { ms: 300, bookableMs: 310, created: 1_463, stored: 1_463, expected: 1_464, firstDay: 4, lastDay: 3 },
      ],
    },
    orders: {
      clients: 8,
      items: 3,
      rounds: [{ single: side({}), order: side({ "confirm 409": 1 }), ratio: 1 }],
      stored: { confirmed: 40, inDatabase: 40 },
    },
    capacity: {},
  };
  expect(
    checks(details)
      .filter((c) => !c.ok)
      .map((c) => c.check),
  ).toEqual([
    "schedule 1: every timeslot of 366 days × 4 times made once, and bookable",
    "change feed: every inserted timeslot's change read once, in order, without gaps",
    "confirm pair 1, orders: every hold 201, every confirmation 200",
  ]);
});

test("e-mails: a run fails unless every queued e-mail arrived exactly once, by Message-ID", () => {
  const round = { queued: 500, received: 500, arrivedOnce: 500, duplicated: 0, unknown: 0, emails_per_s: 120 };
  const failing = (emails: NonNullable<BenchResults["details"]["emails"]>) =>
    checks({ emails, capacity: {} })
      .filter((c) => !c.ok)
      .map((c) => c.check);
  expect(failing([round])).toEqual([]);
  // The same count received, one of them twice and one never: the count alone would pass.
  expect(failing([round, { ...round, arrivedOnce: 498, duplicated: 1 }])).toEqual([
    "e-mails, round 2: every queued e-mail arrived at the SMTP server exactly once, by Message-ID",
  ]);
});

test("a partner following the feed: a missed change or a timeslot unequal to the database fails the run", () => {
  const follow: FeedFollowResult = {
    changes: 100,
    outOfOrder: 0,
    duplicated: 0,
    expected: 100,
    missing: 0,
    unexpected: 0,
    timeslots: 50,
    changedTimeslots: 40,
    unequal: 0,
    firstUnequal: null,
    reads: 30,
    pages: 20,
    failures: {},
    lag_p50_ms: 10,
    lag_p95_ms: 30,
    lag_max_ms: 50,
  };
  const failing = (f: FeedFollowResult) =>
    checks({ feed: { load: loadOf({ "2xx": 100 }), follow: f }, capacity: {} })
      .filter((c) => !c.ok)
      .map((c) => c.check);
  expect(failing(follow)).toEqual([]);
  expect(failing({ ...follow, missing: 1, unequal: 1, firstUnequal: "act 2030-05-01 09:00" })).toEqual([
    "change feed followed during bookings: every change of the partner read once, in order",
    "change feed followed during bookings: every catalogue timeslot's last state read equals the database",
  ]);
});
