import { assertCancellable } from "@slotwise/core";
import { applyBookingCancellation, type Database } from "@slotwise/db";

import { cacheTags, type ReadCache } from "../cache/read-cache.ts";

/**
 * The one cancellation rule, for partners and the desk alike: a confirmed booking is cancelled
 * only before its timeslot starts (409 otherwise), its places come back and the waitlist is
 * told; a cancelled one stays as it is (null), so cancelling twice changes nothing.
 */
export async function cancelIfConfirmed(
  ctx: { db: Database; cache: ReadCache; now: () => Date },
  booking: { id: number; status: string; startsAt: Date; productId: number },
  actor: string,
) {
  if (booking.status !== "CONFIRMED") return null;
  const now = ctx.now();
  assertCancellable(booking.startsAt, now);
  const cancelled = await applyBookingCancellation(ctx.db, booking.id, actor, now);
  ctx.cache.invalidate(cacheTags.product(booking.productId));
  return cancelled;
}
