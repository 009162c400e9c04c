import { assertCancellable, effectiveStatus, holdsPlaces } from "@slotwise/core";
import { applyBookingCancellation, type Database } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";

/**
 * The one cancellation rule, for partners and the desk alike: a confirmed booking or a live
 * hold is cancelled only before its timeslot starts (409 otherwise), its places come back and
 * the waitlist is told; a cancelled or expired one stays as it is (null), so cancelling twice
 * changes nothing.
 */
export async function cancelIfActive(
  ctx: { db: Database; cache: CacheReads; now: () => Date },
  booking: Parameters<typeof effectiveStatus>[0] & { id: number; startsAt: Date; productId: number },
  actor: string,
) {
  const now = ctx.now();
  if (!holdsPlaces(effectiveStatus(booking, now))) return null;
  assertCancellable(booking.startsAt, now);
  const cancelled = await applyBookingCancellation(ctx.db, booking.id, actor, now);
  ctx.cache.changed(cacheTags.timeslots(booking.productId));
  return cancelled;
}
