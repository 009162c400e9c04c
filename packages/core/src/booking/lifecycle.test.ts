import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ConflictError } from "../errors/domain-errors.ts";
import { changeRequestSchema, confirmRequestSchema } from "./booking-request.ts";
import {
  assertCancellable,
  changeRefusal,
  confirmRefusal,
  effectiveStatus,
  holdDeadline,
  holdEnd,
  isCancellable,
  type BookingState,
} from "./lifecycle.ts";

const start = new Date("2026-06-01T09:00:00Z");
const made = new Date("2026-05-01T10:00:00Z");
const hold = (minutes: number): BookingState => ({
  status: "ON_HOLD",
  expiresAt: holdDeadline(made, minutes),
  startsAt: start,
});
const at = (minutesAfterMade: number) => new Date(made.getTime() + minutesAfterMade * 60_000);

describe("holds", () => {
  it("are live until their deadline and expired from that instant on, swept or not", () => {
    expect(effectiveStatus(hold(15), at(14.99))).toBe("ON_HOLD");
    expect(effectiveStatus(hold(15), at(15))).toBe("EXPIRED");
    expect(effectiveStatus({ status: "EXPIRED", expiresAt: at(15) }, at(1))).toBe("EXPIRED");
  });

  it("lapse on a whole second, the one partners are shown", () => {
    expect(holdDeadline(new Date("2026-05-01T10:00:00.750Z"), 15)).toEqual(new Date("2026-05-01T10:15:00.000Z"));
  });

  it("end by the start of their timeslot, whatever their minutes", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 1_000 }), (minutes) => {
        const deadline = at(minutes);
        const end = holdEnd(deadline, start);
        expect(end <= start && end <= deadline).toBe(true);
        expect(end === start || end === deadline).toBe(true);
      }),
    );
  });

  it("cannot be confirmed once their timeslot has started", () => {
    const late: BookingState = { status: "ON_HOLD", expiresAt: new Date(start.getTime() + 60_000), startsAt: start };
    expect(confirmRefusal(late, start)?.kind).toBe("booking-not-changeable");
  });

  it("cannot be confirmed past the booking cut-off, when one is given", () => {
    const live: BookingState = { status: "ON_HOLD", expiresAt: start, startsAt: start };
    const cutoffAt = new Date(start.getTime() - 30 * 60_000);
    expect(confirmRefusal(live, new Date(cutoffAt.getTime() - 1), 30)).toBeNull();
    expect(confirmRefusal(live, cutoffAt, 30)?.kind).toBe("timeslot-unavailable");
    expect(confirmRefusal(live, cutoffAt)).toBeNull();
    expect(confirmRefusal({ ...live, status: "CONFIRMED" }, cutoffAt, 30)).toBeNull();
  });

  it("never expire once confirmed or cancelled", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<"CONFIRMED" | "CANCELLED">("CONFIRMED", "CANCELLED"),
        fc.integer({ min: -10_000, max: 10_000 }),
        (status, minutes) => {
          expect(effectiveStatus({ status, expiresAt: at(0) }, at(minutes))).toBe(status);
        },
      ),
    );
  });

  it("can be confirmed while live, confirmed again without effect, but not once expired or cancelled", () => {
    expect(confirmRefusal(hold(15), at(10))).toBeNull();
    expect(confirmRefusal({ ...hold(15), status: "CONFIRMED" }, at(30))).toBeNull();
    expect(confirmRefusal(hold(15), at(15))).toMatchObject({ kind: "hold-expired" });
    expect(confirmRefusal({ ...hold(15), status: "EXPIRED" }, at(1))).toMatchObject({ kind: "hold-expired" });
    expect(confirmRefusal({ ...hold(15), status: "CANCELLED" }, at(1))).toMatchObject({
      kind: "booking-not-changeable",
    });
  });
});

describe("changes", () => {
  it("are refused for cancelled and expired bookings and once the timeslot has started", () => {
    expect(changeRefusal(hold(15), at(1))).toBeNull();
    expect(changeRefusal({ ...hold(15), status: "CONFIRMED" }, at(100))).toBeNull();
    expect(changeRefusal(hold(15), at(20))?.message).toBe("This booking is expired; it can no longer be changed");
    expect(changeRefusal({ ...hold(15), status: "CANCELLED" }, at(1))?.message).toBe(
      "This booking is cancelled; it can no longer be changed",
    );
    const started = changeRefusal({ status: "CONFIRMED", expiresAt: null, startsAt: start }, start);
    expect(started).toBeInstanceOf(ConflictError);
    expect(started?.kind).toBe("booking-not-changeable");
  });

  it("need something to change, and Participants or Units but not both", () => {
    const errors = (body: unknown) => {
      const result = changeRequestSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(errors({})).toEqual(["Give at least one of Date, Time, Participants or Units"]);
    expect(errors({ Time: "10:00" })).toEqual([]);
    expect(errors({ Participants: 2, Units: [{ UnitID: "adult", Quantity: 2 }] })).toEqual([
      "Give either Participants or Units, not both",
    ]);
    expect(errors({ Date: "2026-02-30" })).toEqual(["Date must be a real date in YYYY-MM-DD form"]);
  });

  it("confirmation bodies are all optional, each field checked as for a booking", () => {
    expect(confirmRequestSchema.safeParse({}).success).toBe(true);
    expect(confirmRequestSchema.safeParse({ Customer: { FirstName: "Ana" } }).success).toBe(false);
  });
});

describe("cancellation", () => {
  it("is allowed until the timeslot starts, and not from its start on", () => {
    expect(() => {
      assertCancellable(start, new Date("2026-06-01T08:59:59Z"));
    }).not.toThrow();
    expect(() => {
      assertCancellable(start, start);
    }).toThrow(ConflictError);
  });

  it("gives places back only for live holds and confirmed bookings before their start", () => {
    const confirmed: BookingState = { status: "CONFIRMED", expiresAt: null, startsAt: start };
    expect(isCancellable(confirmed, at(0))).toBe(true);
    expect(isCancellable(hold(15), at(1))).toBe(true);
    expect(isCancellable(hold(15), at(16))).toBe(false);
    expect(isCancellable({ ...confirmed, status: "CANCELLED" }, at(0))).toBe(false);
    expect(isCancellable(confirmed, new Date("2026-06-02T00:00:00Z"))).toBe(false);
  });
});
