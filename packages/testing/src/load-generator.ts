import { instantToLocal } from "@slotwise/core";
import type { Client } from "@slotwise/db/testing";

/** What a client was told: a 201 is a promise that the write is kept. */
export interface Outcome {
  kind: "booking" | "usage";
  status: number;
  contentType: string | null;
  /** Booking reference or usage entry ID, for 201s. */
  id?: string;
  /** The request never got an answer (connection refused or reset). */
  failed?: boolean;
  /** When the request was sent (performance.now()). */
  sentAt: number;
}

export interface Keys {
  ota: string;
  usageWrite: string;
}

/** Open timeslots of the demo operator, two days ahead and later, as partners address them. */
export async function bookableTargets(db: Client) {
  const slots = await db.timeslot.findMany({
    where: {
      closed: false,
      startsAt: { gt: new Date(Date.now() + 2 * 86_400_000) },
      product: { operator: { slug: "demo" }, active: true },
    },
    include: { product: true },
  });
  return slots.map((s) => ({ ActivityID: s.product.activityId, ...instantToLocal(s.startsAt, s.product.timeZone) }));
}

/**
 * Partners booking and services reporting usage, `workers` requests in flight at a time,
 * until `stop()`; every answer is kept for checking against the database afterwards.
 */
export function startLoad(
  base: () => string,
  keys: Keys,
  targets: Awaited<ReturnType<typeof bookableTargets>>,
  workers = 16,
) {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  async function once(kind: "booking" | "usage"): Promise<void> {
    const i = n++;
    const target = targets[i % targets.length];
    const request =
      kind === "booking"
        ? {
            path: "/api/v2/ota/acme-travel/booking",
            key: keys.ota,
            body: {
              ActivityID: target?.ActivityID,
              Date: target?.date,
              Time: target?.time,
              Participants: 1,
              Customer: {
                FirstName: "Load",
                LastName: `Test${i}`,
                Email: `load${i}@example.com`,
                Phone: "+351912345678",
              },
            },
          }
        : {
            path: "/api/v2/usage/meters",
            key: keys.usageWrite,
            body: { Meter: "fault-load", Usage: 0.5, OccurredAt: Math.floor(Date.now() / 1000) - 5 },
          };
    const sentAt = performance.now();
    try {
      const response = await fetch(`${base()}${request.path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${request.key}`, "Content-Type": "application/json" },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      const outcome: Outcome = {
        kind,
        status: response.status,
        contentType: response.headers.get("content-type"),
        sentAt,
      };
      if (response.status === 201) {
        const data = (JSON.parse(text) as { data: { Reference?: string; ID?: number } }).data;
        outcome.id = String(data.Reference ?? data.ID);
      }
      outcomes.push(outcome);
    } catch {
      outcomes.push({ kind, status: 0, contentType: null, failed: true, sentAt });
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const loops = Array.from({ length: workers }, async (_, w) => {
    while (running) await once(w % 2 === 0 ? "booking" : "usage");
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Every acknowledged write is stored whole, and no timeslot's count disagrees with its bookings. */
export async function checkNothingLost(db: Client, outcomes: readonly Outcome[]) {
  const references = outcomes.filter((o) => o.kind === "booking" && o.status === 201).map((o) => o.id ?? "");
  const usageIds = outcomes.filter((o) => o.kind === "usage" && o.status === 201).map((o) => BigInt(o.id ?? "0"));
  const bookings = await db.booking.findMany({
    where: { reference: { in: references } },
    include: { events: true, emails: true },
  });
  const entries = await db.usageEntry.count({ where: { id: { in: usageIds } } });
  const [mismatch] = await db.$queryRaw<[{ count: bigint }]>`
    SELECT count(*) AS count FROM timeslots t
     WHERE t.places_taken <> COALESCE((SELECT sum(participants) FROM bookings b WHERE b.timeslot_id = t.id AND b.status IN ('CONFIRMED', 'ON_HOLD')), 0)`;
  return {
    acknowledgedBookings: references.length,
    storedBookings: bookings.length,
    bookingsWithoutHistory: bookings.filter((b) => !b.events.some((e) => e.type === "created")).length,
    bookingsWithoutConfirmation: bookings.filter((b) => !b.emails.some((e) => e.kind === "BOOKING_CONFIRMATION"))
      .length,
    acknowledgedUsage: usageIds.length,
    storedUsage: entries,
    timeslotsOutOfStep: Number(mismatch.count),
  };
}
