import { ConflictError, NotFoundError } from "@slotwise/core";

import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { queryRows } from "../query-rows.ts";

/**
 * Every timeslot of an operator's activities that starts on `date` in its activity's time zone,
 * with its confirmed bookings and their tickets, in start order.
 */
export async function dayManifest(db: Database, operatorId: number, date: string) {
  // A local day lies within a day either side of the same UTC day in any zone: the range keeps
  // the starts_at index useful before the exact local-date test.
  const ids = await queryRows<{ id: number }>(
    db,
    Prisma.sql`SELECT t.id FROM timeslots t JOIN products p ON p.id = t.product_id
                WHERE p.operator_id = ${operatorId}
                  AND t.starts_at >= ${date}::date - 1 AND t.starts_at < ${date}::date + 2
                  AND (t.starts_at AT TIME ZONE p.time_zone)::date = ${date}::date`,
  );
  if (ids.length === 0) return [];
  return db.timeslot.findMany({
    where: { id: { in: ids.map((r) => r.id) } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    include: {
      product: { select: { id: true, name: true, timeZone: true, durationMinutes: true } },
      bookings: {
        where: { status: "CONFIRMED" },
        orderBy: [{ customerLastName: "asc" }, { id: "asc" }],
        select: {
          id: true,
          reference: true,
          customerFirstName: true,
          customerLastName: true,
          participants: true,
          waiverStatus: true,
          noShowAt: true,
          tickets: {
            orderBy: [{ unitId: "asc" }, { position: "asc" }],
            select: { code: true, unitId: true, checkedInAt: true },
          },
        },
      },
    },
  });
}

/**
 * Marks the confirmed bookings of an ended timeslot that nobody was checked in on as no-shows,
 * in one statement. Marking again changes nothing: a booking keeps its first mark. Answers how
 * many bookings this call marked and how many of the timeslot are marked in all.
 */
export async function markNoShows(db: Database, operatorId: number, timeslotId: number, now: Date) {
  const slot = await db.timeslot.findFirst({
    where: { id: timeslotId, product: { operatorId } },
    select: { startsAt: true, product: { select: { durationMinutes: true } } },
  });
  if (!slot) throw new NotFoundError(`There is no timeslot ${timeslotId}`);
  const endsAt = new Date(slot.startsAt.getTime() + slot.product.durationMinutes * 60_000);
  if (endsAt > now)
    throw new ConflictError(
      "timeslot-not-ended",
      `Timeslot ${timeslotId} ends at ${endsAt.toISOString()}: guests can be marked as not come after that`,
    );
  const [counts] = await queryRows<{ marked: number; total: number }>(
    db,
    Prisma.sql`WITH marked AS (
                 UPDATE bookings b SET no_show_at = ${now}
                  WHERE b.timeslot_id = ${timeslotId} AND b.status = 'CONFIRMED' AND b.no_show_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM tickets k WHERE k.booking_id = b.id AND k.checked_in_at IS NOT NULL)
                 RETURNING b.id
               )
               SELECT (SELECT count(*) FROM marked)::int AS marked,
                      ((SELECT count(*) FROM marked)
                        + (SELECT count(*) FROM bookings
                            WHERE timeslot_id = ${timeslotId} AND status = 'CONFIRMED' AND no_show_at IS NOT NULL))::int AS total`,
  );
  return counts ?? { marked: 0, total: 0 };
}
