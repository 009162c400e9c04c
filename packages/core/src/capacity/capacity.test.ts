import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { availableDates, availableTimeslots, nextSalesClose } from "./availability.ts";
import { freePlaces, isBookable, releasePlaces, takePlaces, unbookableReason, type SlotState } from "./bookable.ts";
import { participantsProblem } from "./participants.ts";

const now = new Date("2026-12-01T08:00:00Z");
const slot = (startsAt: string, capacity: number, placesTaken = 0, closed = false): SlotState => ({
  startsAt: new Date(startsAt),
  capacity,
  placesTaken,
  closed,
});

describe("bookable rule", () => {
  it("refuses started, past cut-off, closed and full timeslots, in that order of reasons", () => {
    expect(unbookableReason(slot("2026-12-01T08:00:00Z", 10), 0, now)).toBe("started");
    expect(unbookableReason(slot("2026-12-01T07:00:00Z", 10, 0, true), 0, now)).toBe("started");
    expect(unbookableReason(slot("2026-12-01T09:00:00Z", 10), 60, now)).toBe("cutoff");
    expect(unbookableReason(slot("2026-12-01T09:00:00Z", 10), 59, now)).toBeNull();
    expect(unbookableReason(slot("2026-12-01T09:00:00Z", 10, 2, true), 0, now)).toBe("closed");
    expect(unbookableReason(slot("2026-12-01T09:00:00Z", 10, 10), 0, now)).toBe("full");
    expect(isBookable(slot("2026-12-01T09:00:00Z", 10, 9), 0, now)).toBe(true);
  });

  it("takes places while they last and says how many are left when short", () => {
    expect(takePlaces(slot("2026-12-02T09:00:00Z", 10, 6), 4, 0, now)).toEqual({ ok: true, placesTaken: 10 });
    expect(takePlaces(slot("2026-12-02T09:00:00Z", 10, 6), 5, 0, now)).toEqual({
      ok: false,
      reason: "insufficient-capacity",
      available: 4,
    });
    expect(takePlaces(slot("2026-12-02T09:00:00Z", 10, 10), 1, 0, now)).toEqual({
      ok: false,
      reason: "insufficient-capacity",
      available: 0,
    });
    expect(takePlaces(slot("2026-12-01T07:00:00Z", 10), 1, 0, now)).toEqual({
      ok: false,
      reason: "timeslot-unavailable",
      detail: "started",
    });
    expect(takePlaces(slot("2026-12-02T09:00:00Z", 10, 0, true), 1, 0, now)).toEqual({
      ok: false,
      reason: "timeslot-unavailable",
      detail: "closed",
    });
  });

  it("gives places back without going below zero", () => {
    expect(releasePlaces(slot("2026-12-02T09:00:00Z", 10, 6), 4)).toBe(2);
    expect(releasePlaces(slot("2026-12-02T09:00:00Z", 10, 2), 4)).toBe(0);
    expect(freePlaces(slot("2026-12-02T09:00:00Z", 4, 6))).toBe(0);
  });

  it("property: any sequence of sales never exceeds capacity and sells exactly what it reports", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 60 }),
        (capacity, requests) => {
          let state = slot("2026-12-02T09:00:00Z", capacity);
          let sold = 0;
          for (const n of requests) {
            const outcome = takePlaces(state, n, 0, now);
            if (outcome.ok) {
              sold += n;
              state = { ...state, placesTaken: outcome.placesTaken };
            } else {
              expect(outcome).toEqual({ ok: false, reason: "insufficient-capacity", available: capacity - sold });
            }
          }
          expect(state.placesTaken).toBe(sold);
          expect(sold).toBeLessThanOrEqual(capacity);
        },
      ),
    );
  });
});

describe("participants", () => {
  const bounds = { minParticipants: 2, maxParticipants: 8 };
  it("keeps participants within the product's bounds", () => {
    expect(participantsProblem(2, bounds)).toBeNull();
    expect(participantsProblem(8, bounds)).toBeNull();
    expect(participantsProblem(1, bounds)).toBe("Participants must be at least 2 for this activity");
    expect(participantsProblem(9, bounds)).toBe("Participants must be at most 8 for this activity");
    expect(participantsProblem(2.5, bounds)).toBe("Participants must be a whole number");
  });
});

describe("availability", () => {
  const lisbon = { timeZone: "Europe/Lisbon", durationMinutes: 120, bookingCutoffMinutes: 30 };
  const slots = [
    slot("2026-12-01T07:00:00Z", 10, 0), // started
    slot("2026-12-01T08:20:00Z", 10, 0), // inside the 30-minute cut-off
    slot("2026-12-01T14:00:00Z", 12, 7),
    slot("2026-12-01T10:00:00Z", 8, 2),
    slot("2026-12-02T10:00:00Z", 8, 8), // full
    slot("2026-12-03T10:00:00Z", 8, 0, true), // closed
    slot("2026-12-04T23:30:00Z", 6, 1), // 23:30 local on the 4th in Lisbon (UTC+0 in winter)
    slot("2026-12-10T10:00:00Z", 6, 0), // outside the range
  ];

  it("lists the dates with a bookable timeslot, summing free places", () => {
    expect(availableDates(slots, lisbon, "2026-12-01", "2026-12-05", now)).toEqual([
      { Date: "2026-12-01", Available: 11, Timeslots: 2 },
      { Date: "2026-12-04", Available: 5, Timeslots: 1 },
    ]);
  });

  it("groups by the activity's local date, not UTC", () => {
    const kolkata = { ...lisbon, timeZone: "Asia/Kolkata" };
    // 23:30Z on the 4th is 05:00 on the 5th in Kolkata.
    expect(availableDates(slots, kolkata, "2026-12-04", "2026-12-05", now)).toEqual([
      { Date: "2026-12-05", Available: 5, Timeslots: 1 },
    ]);
  });

  it("lists one day's bookable timeslots in start order with local times and offsets", () => {
    expect(availableTimeslots(slots, lisbon, "2026-12-01", now)).toEqual([
      {
        Time: "10:00",
        StartsAt: "2026-12-01T10:00:00+00:00",
        EndsAt: "2026-12-01T12:00:00+00:00",
        Capacity: 8,
        Available: 6,
      },
      {
        Time: "14:00",
        StartsAt: "2026-12-01T14:00:00+00:00",
        EndsAt: "2026-12-01T16:00:00+00:00",
        Capacity: 12,
        Available: 5,
      },
    ]);
    expect(availableTimeslots(slots, lisbon, "2026-12-02", now)).toEqual([]);
  });

  it("says when the clock alone next changes the answer: the first bookable timeslot's sales close", () => {
    expect(nextSalesClose(slots, lisbon, now)).toEqual(new Date("2026-12-01T09:30:00Z"));
    expect(nextSalesClose([slots[0]!, slots[4]!], lisbon, now)).toBeNull();
  });

  it("keeps every answer the same from now until that moment, and changes it then (property)", () => {
    const start = now.getTime();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offsetMinutes: fc.integer({ min: -120, max: 3 * 24 * 60 }),
            capacity: fc.integer({ min: 1, max: 5 }),
            taken: fc.integer({ min: 0, max: 5 }),
            closed: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 180 }),
        fc.integer({ min: 0, max: 4 * 24 * 60 }),
        (drawn, cutoff, laterMinutes) => {
          const product = { ...lisbon, bookingCutoffMinutes: cutoff };
          const state = drawn.map((d) => ({
            startsAt: new Date(start + d.offsetMinutes * 60_000),
            capacity: d.capacity,
            placesTaken: Math.min(d.taken, d.capacity),
            closed: d.closed,
          }));
          const answer = (at: Date) => [
            availableDates(state, product, "2026-11-30", "2026-12-05", at),
            ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((date) =>
              availableTimeslots(state, product, date, at),
            ),
          ];
          const changes = nextSalesClose(state, product, now);
          const later = new Date(start + laterMinutes * 60_000);
          if (changes === null || later < changes) expect(answer(later)).toEqual(answer(now));
          if (changes !== null) expect(answer(changes)).not.toEqual(answer(now));
        },
      ),
    );
  });
});
