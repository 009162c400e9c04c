import type { BookingStatusName } from "@slotwise/core";

import type { Tx } from "../tx.ts";

export interface LockedBooking {
  id: number;
  status: BookingStatusName;
  expiresAt: Date | null;
  startsAt: Date;
  timeslotId: number;
  participants: number;
  /** What it bought (see pricedUnitsSchema). */
  units: unknown;
  hasCustomer: boolean;
  productId: number;
  /** Minor units of `currency`. */
  totalAmount: number;
  currency: string;
  /** The cancellation policy the booking was made under, as stored (null: none). */
  cancellationPolicy: unknown;
}

/**
 * Reads a booking's state and locks its row until the transaction ends, so a confirmation, a
 * change, a cancellation and the expiry sweep of one booking happen one after another.
 */
export async function lockBookingInTx(tx: Tx, bookingId: number): Promise<LockedBooking> {
  const [row] = await lockBookingsInTx(tx, [bookingId]);
  if (!row) throw new Error(`Booking ${bookingId} does not exist`);
  return row;
}

/**
 * Locks these bookings in one statement, in id order as every writer takes them (the lock is
 * taken row by row in the sorted order), and reads them as locked. Answers them in id order.
 */
export async function lockBookingsInTx(tx: Tx, bookingIds: readonly number[]): Promise<LockedBooking[]> {
  const rows = await tx.$queryRaw<LockedBooking[]>`
    SELECT id, status::text AS status, expires_at AS "expiresAt", starts_at AS "startsAt",
           timeslot_id AS "timeslotId", participants, units, customer_email IS NOT NULL AS "hasCustomer",
           product_id AS "productId", total_amount AS "totalAmount", currency,
           cancellation_policy AS "cancellationPolicy"
      FROM bookings WHERE id = ANY(${[...bookingIds]}::int[]) ORDER BY id FOR UPDATE`;
  const missing = bookingIds.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined) throw new Error(`Booking ${missing} does not exist`);
  return rows;
}
