import { expect, test } from "vitest";

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
