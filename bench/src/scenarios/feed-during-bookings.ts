import type { ApiProcess } from "@slotwise/testing/processes";

import { followFeed, type FeedFollowResult } from "../feed-follower.ts";
import { loadTogether, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";
import { BOOKING_CONNECTIONS, bookingBodies, phaseTag, resetPlaces, type CatalogueSlot } from "./booking.ts";

/** The warm-up's connections per process, and its length. */
const WARM_CONNECTIONS = 10;
const WARM_SECONDS = 2;

export interface FeedDuringBookingsResult {
  /** The booking load, summed over the API processes. */
  load: LoadResult;
  follow: FeedFollowResult;
}

/**
 * The bench's booking load (BOOKING_CONNECTIONS at once, one place on a random catalogue
 * timeslot each) split between `apis`, so that several processes number changes at once, while
 * a partner follows the availability change feed through the same processes: started before the
 * load, drained after it, and judged against the database (followFeed). Both processes book
 * unmeasured first.
 */
export async function feedDuringBookings(
  stack: BenchStack,
  apis: ApiProcess[],
  catalogue: CatalogueSlot[],
  seconds: number,
): Promise<FeedDuringBookingsResult> {
  const tag = phaseTag("feed");
  const book = (label: string, connections: number, loadSeconds: number) =>
    loadTogether(
      apis.map((api, i) => ({
        url: `${api.base}/api/v2/ota/acme-travel/booking`,
        method: "POST" as const,
        headers: { authorization: `Bearer ${stack.keys.ota}` },
        body: bookingBodies(catalogue, `${tag}${label}${i}`),
        connections,
        seconds: loadSeconds,
      })),
    );
  await resetPlaces(stack, catalogue);
  // Unmeasured, as the contention phase warms up: a process that has not booked yet (JIT, pool,
  // prepared statements) answers its first bookings seconds late, and the load would be over.
  await book("w", WARM_CONNECTIONS, WARM_SECONDS);
  const follower = await followFeed(stack, apis, catalogue);
  let load: LoadResult;
  try {
    load = await book("p", Math.ceil(BOOKING_CONNECTIONS / apis.length), seconds);
  } catch (error) {
    // The follower stops with the load: left reading, it would outlive the run.
    await follower.stop().catch(() => undefined);
    throw error;
  }
  return { load, follow: await follower.stop() };
}
