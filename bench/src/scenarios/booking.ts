import { bookableTargets } from "@slotwise/testing/load-generator";

import { load, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";

export interface BookingResult {
  load: LoadResult;
  created: number;
  booking_rps: number;
  booking_p99_ms: number;
  slots: number;
}

/** Request bodies booking one place on a random open timeslot of the coming weeks. */
export async function bookingBodies(stack: BenchStack): Promise<{ body: () => string; slots: number }> {
  const targets = await bookableTargets(stack.db);
  let n = 0;
  const body = () => {
    const t = targets[Math.floor(Math.random() * targets.length)] ?? targets[0];
    n++;
    return JSON.stringify({
      ActivityID: t?.ActivityID,
      Date: t?.date,
      Time: t?.time,
      Participants: 1,
      Customer: {
        FirstName: "Bench",
        LastName: `Customer${n}`,
        Email: `bench${n}@example.com`,
        Phone: "+351912345678",
      },
      PaymentReference: `BENCH-${n}`,
    });
  };
  return { body, slots: targets.length };
}

/** POST booking, one place at a time, each request on a random open timeslot. */
export async function bookings(stack: BenchStack, api: string, seconds: number): Promise<BookingResult> {
  const { body, slots } = await bookingBodies(stack);
  const before = await stack.db.booking.count();
  const result = await load({
    url: `${api}/api/v2/ota/acme-travel/booking`,
    method: "POST",
    headers: { authorization: `Bearer ${stack.keys.ota}` },
    body,
    connections: 50,
    seconds,
  });
  const created = (await stack.db.booking.count()) - before;
  return { load: result, created, booking_rps: created / seconds, booking_p99_ms: result.p99, slots };
}
