import { builtInExtraInfo, ConflictError, usageDimensions, type BookingStatusName } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import { queryRows } from "../query-rows.ts";
import type { Db } from "../tx.ts";

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

/** What a check-in reads of a ticket, its booking and its activity, in one statement. */
export interface ScannedTicket {
  id: number;
  unitId: string;
  checkedInAt: Date | null;
  bookingId: number;
  operatorId: number;
  reference: string;
  status: BookingStatusName;
  expiresAt: Date | null;
  startsAt: Date;
  activityId: string;
  timeZone: string;
}

/** This operator's ticket with this code, as a check-in needs it, or null when there is none. */
export async function scannedTicket(db: Db, code: string, operatorId: number): Promise<ScannedTicket | null> {
  const [row] = await queryRows<ScannedTicket>(
    db,
    Prisma.sql`SELECT t.id, t.unit_id AS "unitId", t.checked_in_at AS "checkedInAt", b.id AS "bookingId",
                      b.operator_id AS "operatorId", b.reference, b.status::text AS status,
                      b.expires_at AS "expiresAt", b.starts_at AS "startsAt",
                      p.activity_id AS "activityId", p.time_zone AS "timeZone"
                 FROM tickets t
                 JOIN bookings b ON b.id = t.booking_id
                 JOIN products p ON p.id = b.product_id
                WHERE t.code = ${code} AND t.operator_id = ${operatorId}`,
  );
  return row ?? null;
}

/**
 * Checks one person in, exactly once whatever the number of scans at the same moment, in one
 * statement (so one round trip and its own transaction): the conditional UPDATE lets one scan
 * through, and with it the booking stops being a no-show, the `guest-checked-in` meter is
 * recorded and partners subscribed to `booking.checked_in` are told. A later scan reads the
 * first check-in's time. A ticket whose booking is not confirmed when the UPDATE runs is
 * refused ticket-void, whatever the caller read before; the caller checks the day.
 */
export async function checkInTicket(db: Db, ticket: ScannedTicket, now: Date) {
  const extraInfo = builtInExtraInfo("guest-checked-in", {
    reference: ticket.reference,
    activityId: ticket.activityId,
  });
  // The booking is share-locked, and its status read as locked: a cancellation waits for this
  // check-in to commit, and one that committed first leaves the ticket unchecked. It is found by
  // its id alone, so that no plan reaches it through the index on status, which statistics that
  // lag behind a morning's confirmations can make look cheap. A guest marked as not come who
  // arrives after all is no longer a no-show, in the event too.
  const [outcome] = await queryRows<{ checkedInAt: Date | null; confirmed: boolean }>(
    db,
    Prisma.sql`WITH booking AS (
                 SELECT b.id, b.partner_id, b.status, to_jsonb(b) - 'search_text' AS snapshot
                   FROM bookings b WHERE b.id = ${ticket.bookingId}
                    FOR SHARE
               ), confirmed AS (
                 SELECT id, partner_id, snapshot FROM booking WHERE status = 'CONFIRMED'
               ), scanned AS (
                 UPDATE tickets SET checked_in_at = ${now}
                  WHERE id = ${ticket.id} AND checked_in_at IS NULL AND booking_id IN (SELECT id FROM confirmed)
                 RETURNING checked_in_at
               ), came AS (
                 UPDATE bookings SET no_show_at = NULL
                  WHERE id = ${ticket.bookingId} AND no_show_at IS NOT NULL AND EXISTS (SELECT 1 FROM scanned)
               ), metered AS (
                 INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at, created_at, dedupe_key)
                 SELECT ${ticket.operatorId}::int, 'guest-checked-in', 1, ${extraInfo}::text,
                        ${usageDimensions(extraInfo)}::jsonb, ${now}::timestamptz, ${now}::timestamptz,
                        ${`ticket:${ticket.id}`}::text
                   FROM scanned
               ), told AS (
                 SELECT slotwise_webhook_event(${ticket.operatorId}::int, c.partner_id, 'booking.checked_in',
                          c.snapshot || jsonb_build_object(
                            'no_show_at', NULL,
                            'activity_id', ${ticket.activityId}::text,
                            'time_zone', ${ticket.timeZone}::text,
                            -- This statement does not see its own UPDATE: the scanned ticket counts on top.
                            'checked_in', 1 + (SELECT count(*) FROM tickets
                                                WHERE booking_id = c.id AND id <> ${ticket.id} AND checked_in_at IS NOT NULL)::int))
                   FROM confirmed c, scanned
                  WHERE c.partner_id IS NOT NULL
               )
               SELECT (SELECT checked_in_at FROM scanned) AS "checkedInAt",
                      EXISTS (SELECT 1 FROM confirmed) AS confirmed,
                      (SELECT count(*) FROM told) AS told`,
  );
  if (outcome?.checkedInAt) return { checkedInAt: outcome.checkedInAt, firstScan: true };
  if (!outcome?.confirmed)
    throw new ConflictError("ticket-void", `Booking ${ticket.reference} is not confirmed: its tickets are void`);
  // Another scan of the same code got there first, after this statement's snapshot was taken.
  const kept = await db.ticket.findUniqueOrThrow({ where: { id: ticket.id }, select: { checkedInAt: true } });
  return { checkedInAt: kept.checkedInAt ?? now, firstScan: false };
}
