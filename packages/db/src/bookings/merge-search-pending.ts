import type { Database } from "../client.ts";

/**
 * Moves the bookings waiting in the search index's pending list into the index proper, in
 * bulk (migration `20261127040000_booking_search_pending_list`), so that searches read a short
 * list and bookings seldom merge it themselves. Two workers at once take turns; the second
 * finds little left.
 */
export async function mergeBookingSearchPending(db: Database): Promise<void> {
  await db.$queryRaw`SELECT gin_clean_pending_list('bookings_search_text_trgm_idx'::regclass)`;
}
