import { Prisma, type BookingStatus } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";
import { statusSql, statusWhere } from "./status-filter.ts";

export const PARTNER_BOOKINGS_PAGE = 100;
const HOUR = 3_600_000;

export interface PartnerBookingsQuery {
  partnerId: number;
  /** Activity dates, local to each activity, both included. */
  from: string;
  to: string;
  status?: BookingStatus | undefined;
  /** The moment the status filter is judged at (a hold past its deadline is expired). */
  now: Date;
  /** Where the previous page ended: its last booking's start and id. */
  after?: { startsAt: Date; id: number } | undefined;
}

/**
 * A page of a partner's own bookings whose activity date (in the activity's zone) falls in
 * the range, latest activity first, and where it ended when more follow. Keyed on (start, id), so a page
 * neither skips nor repeats a booking while new ones arrive; the index on (partner, start, id)
 * serves it, so a partner with many bookings pages as fast as one with few.
 */
export async function partnerBookings(db: Db, query: PartnerBookingsQuery) {
  // Every zone's local day lies within UTC-12 and UTC+14 of the UTC day: the index scans this
  // window, and the local date decides.
  const earliest = new Date(Date.parse(`${query.from}T00:00:00Z`) - 14 * HOUR);
  const latest = new Date(Date.parse(`${query.to}T00:00:00Z`) + 36 * HOUR);
  const ids = await db.$queryRaw<{ id: number; startsAt: Date }[]>`
    SELECT b.id, b.starts_at AS "startsAt" FROM bookings b JOIN products p ON p.id = b.product_id
    WHERE b.partner_id = ${query.partnerId}
      AND b.starts_at >= ${earliest} AND b.starts_at < ${latest}
      AND (b.starts_at AT TIME ZONE p.time_zone)::date BETWEEN ${query.from}::date AND ${query.to}::date
      ${query.status ? Prisma.sql`AND ${statusSql(query.status, query.now)}` : Prisma.empty}
      ${query.after ? Prisma.sql`AND (b.starts_at, b.id) < (${query.after.startsAt}, ${query.after.id})` : Prisma.empty}
    ORDER BY b.starts_at DESC, b.id DESC
    LIMIT ${PARTNER_BOOKINGS_PAGE + 1}`;
  const page = ids.slice(0, PARTNER_BOOKINGS_PAGE);
  const bookings = await db.booking.findMany({
    // The status again: a booking cancelled between the two reads leaves a confirmed page.
    where: { id: { in: page.map((row) => row.id) }, ...(query.status ? statusWhere(query.status, query.now) : {}) },
    include: { product: true },
    orderBy: [{ startsAt: "desc" }, { id: "desc" }],
  });
  // The next page starts after the last booking the first read chose, whatever the second found.
  const last = page.at(-1);
  return { bookings, end: ids.length > PARTNER_BOOKINGS_PAGE && last ? last : null };
}
