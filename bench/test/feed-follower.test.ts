import { expect, test } from "vitest";

import { judgeFollow, slotKey, type FeedChange, type SlotState } from "../src/feed-follower.ts";

const A = "act_a";
const change = (Sequence: number, time: string, Available: number, Capacity = 10): FeedChange => ({
  Sequence,
  ActivityID: A,
  Date: "2030-05-01",
  Time: time,
  Available,
  Capacity,
  Closed: false,
});
const state = (Available: number, Capacity = 10): SlotState => ({ Available, Capacity, Closed: false });
const slots = (entries: [time: string, s: SlotState][]) =>
  new Map(entries.map(([time, s]) => [slotKey(A, "2030-05-01", time), s]));

// At the start 09:00 and 10:00 have 10 free places; two bookings on 09:00, one on 10:00.
const initial = slots([
  ["09:00", state(10)],
  ["10:00", state(10)],
]);
const final = slots([
  ["09:00", state(8)],
  ["10:00", state(9)],
]);
const follow = (seen: FeedChange[], expected = [5, 6, 7]) =>
  judgeFollow({ seen, startHead: 4, endHead: 7, expected, initial, final });

test("a follow that read every change once, in order, ends equal to the database", () => {
  expect(follow([change(5, "09:00", 9), change(6, "10:00", 9), change(7, "09:00", 8)])).toMatchObject({
    changes: 3,
    outOfOrder: 0,
    duplicated: 0,
    expected: 3,
    missing: 0,
    unexpected: 0,
    timeslots: 2,
    changedTimeslots: 2,
    unequal: 0,
    firstUnequal: null,
  });
});

test("a change read twice or out of order is counted, whatever the end state", () => {
  const twice = follow([change(5, "09:00", 9), change(6, "10:00", 9), change(6, "10:00", 9), change(7, "09:00", 8)]);
  expect(twice).toMatchObject({ duplicated: 1, outOfOrder: 0, unequal: 0 });
  const swapped = follow([change(5, "09:00", 9), change(7, "09:00", 8), change(6, "10:00", 9)]);
  expect(swapped).toMatchObject({ duplicated: 0, outOfOrder: 1, unequal: 0 });
});

test("a missed change is found by number, and its timeslot ends unequal to the database", () => {
  const judged = follow([change(5, "09:00", 9), change(6, "10:00", 9)]);
  expect(judged).toMatchObject({ missing: 1, unequal: 1 });
  expect(judged.firstUnequal).toContain("09:00");
});

test("a timeslot that changed in the database while no change of it was read ends unequal", () => {
  // Only 09:00's changes are read; 10:00 changed, but the feed never said so.
  expect(follow([change(5, "09:00", 9), change(7, "09:00", 8)], [5, 7])).toMatchObject({
    missing: 0,
    changedTimeslots: 1,
    unequal: 1,
  });
});

test("changes numbered outside the start and end snapshots are checked for order, not against the database", () => {
  const judged = follow([
    change(3, "09:00", 1),
    change(5, "09:00", 9),
    change(6, "10:00", 9),
    change(7, "09:00", 8),
    change(8, "09:00", 0),
  ]);
  expect(judged).toMatchObject({ changes: 5, outOfOrder: 0, missing: 0, unexpected: 0, unequal: 0 });
});

test("a change the database does not hold as the partner's is unexpected", () => {
  expect(follow([change(5, "09:00", 9), change(6, "10:00", 9), change(7, "09:00", 8)], [5, 7])).toMatchObject({
    unexpected: 1,
  });
});
