import type { Database } from "../client.ts";

/**
 * Moves the bookings waiting in the search index's pending list into the index proper, in
 * bulk (migration `20261127040000_booking_search_pending_list`): a booking then skips the
 * index's one insert per trigram, and a search reads a short pending list. Returns the pages
 * moved. Two workers at once take turns; the second finds little left.
 */
export async function mergeBookingSearchPending(db: Database): Promise<number> {
  const [row] = await db.$queryRaw<{ pages: bigint }[]>`
    SELECT gin_clean_pending_list('bookings_search_text_trgm_idx'::regclass) AS pages`;
  return Number(row?.pages ?? 0n);
}
