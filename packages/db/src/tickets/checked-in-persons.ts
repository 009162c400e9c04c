import type { Tx } from "../tx.ts";

/**
 * Persons of the booking checked in. Read after the booking's lock, in a statement of its own:
 * a check-in share-locks the booking, so one committed while the lock waited is counted, and
 * one that comes later waits for the caller and finds the ticket as the caller left it.
 */
export async function checkedInPersons(tx: Tx, bookingId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ checkedIn: number }[]>`
    SELECT count(*)::int AS "checkedIn" FROM tickets WHERE booking_id = ${bookingId} AND checked_in_at IS NOT NULL`;
  return row?.checkedIn ?? 0;
}
