import { ConflictError } from "@slotwise/core";

import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { queryRows } from "../query-rows.ts";
import type { Db } from "../tx.ts";
import { recordBuiltInUsage } from "../usage/record-usage.ts";

export interface TicketRow {
  bookingId: number;
  unitId: string;
  position: number;
  code: string;
  checkedInAt: Date | null;
}

/** The tickets of these bookings, per booking in unit and position order. */
export async function ticketsOf(db: Db, bookingIds: readonly number[]): Promise<Map<number, TicketRow[]>> {
  const byBooking = new Map<number, TicketRow[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const rows = await db.ticket.findMany({
    where: { bookingId: { in: [...bookingIds] } },
    select: { bookingId: true, unitId: true, position: true, code: true, checkedInAt: true },
    orderBy: [{ bookingId: "asc" }, { unitId: "asc" }, { position: "asc" }],
  });
  for (const row of rows) byBooking.get(row.bookingId)?.push(row);
  return byBooking;
}

/** A ticket by its code with what its page and a check-in need, or null when there is none. */
export function findTicket(db: Db, code: string, operatorId?: number) {
  return db.ticket.findFirst({
    where: { code, ...(operatorId === undefined ? {} : { operatorId }) },
    include: { booking: { include: { product: true } } },
  });
}

/**
 * Checks one person in, exactly once whatever the number of scans at the same moment: the
 * conditional UPDATE lets one scan through, and in its transaction the `guest-checked-in`
 * meter is recorded and partners subscribed to `booking.checked_in` are told. A later scan
 * reads the first check-in's time. A ticket whose booking is not confirmed when the UPDATE
 * runs is refused ticket-void, whatever the caller read before; the caller checks the day.
 */
export async function checkInTicket(db: Database, ticketId: number, now: Date) {
  return db.$transaction(async (tx) => {
    // The booking is share-locked while confirmed, in the same statement: a cancellation waits
    // for this check-in to commit, and one that committed first leaves the ticket unchecked.
    const [first] = await queryRows<{ checkedInAt: Date; bookingId: number }>(
      tx,
      Prisma.sql`WITH confirmed AS (
                   SELECT b.id FROM bookings b
                    WHERE b.id = (SELECT booking_id FROM tickets WHERE id = ${ticketId}) AND b.status = 'CONFIRMED'
                      FOR SHARE
                 )
                 UPDATE tickets SET checked_in_at = ${now}
                  WHERE id = ${ticketId} AND checked_in_at IS NULL AND booking_id IN (SELECT id FROM confirmed)
                 RETURNING checked_in_at AS "checkedInAt", booking_id AS "bookingId"`,
    );
    if (!first) {
      const kept = await tx.ticket.findUniqueOrThrow({
        where: { id: ticketId },
        select: { checkedInAt: true, booking: { select: { reference: true, status: true } } },
      });
      if (kept.booking.status !== "CONFIRMED")
        throw new ConflictError(
          "ticket-void",
          `Booking ${kept.booking.reference} is not confirmed: its tickets are void`,
        );
      return { checkedInAt: kept.checkedInAt ?? now, firstScan: false };
    }
    // A guest marked as not come who arrives after all is no longer a no-show.
    await tx.$executeRaw`UPDATE bookings SET no_show_at = NULL WHERE id = ${first.bookingId} AND no_show_at IS NOT NULL`;
    const booking = await tx.booking.findUniqueOrThrow({
      where: { id: first.bookingId },
      include: { product: { select: { activityId: true, timeZone: true } } },
    });
    await recordBuiltInUsage(
      tx,
      booking.operatorId,
      "guest-checked-in",
      { reference: booking.reference, activityId: booking.product.activityId },
      now,
      `ticket:${ticketId}`,
    );
    if (booking.partnerId !== null) {
      const checkedIn = await tx.ticket.count({ where: { bookingId: booking.id, checkedInAt: { not: null } } });
      await tx.$executeRaw`
        SELECT slotwise_webhook_event(${booking.operatorId}, ${booking.partnerId}, 'booking.checked_in',
          (to_jsonb(b) - 'search_text') || jsonb_build_object('activity_id', ${booking.product.activityId}::text,
                                                              'time_zone', ${booking.product.timeZone}::text,
                                                              'checked_in', ${checkedIn}::int))
          FROM bookings b WHERE b.id = ${booking.id}`;
    }
    return { checkedInAt: first.checkedInAt, firstScan: true };
  });
}
