import { Prisma, type BookingStatus } from "../generated/prisma/client.ts";

/**
 * Bookings whose status at `now` is `status`, as readers see it (core's effectiveStatus): a
 * hold past its deadline counts as expired even before the worker's sweep has marked it.
 */
export function statusWhere(status: BookingStatus, now: Date): Prisma.BookingWhereInput {
  if (status === "ON_HOLD") return { status, expiresAt: { gt: now } };
  if (status === "EXPIRED") return { OR: [{ status }, { status: "ON_HOLD", expiresAt: { lte: now } }] };
  return { status };
}

/** statusWhere for raw SQL over `bookings b`. */
export function statusSql(status: BookingStatus, now: Date): Prisma.Sql {
  if (status === "ON_HOLD") return Prisma.sql`b.status = 'ON_HOLD' AND b.expires_at > ${now}`;
  if (status === "EXPIRED")
    return Prisma.sql`(b.status = 'EXPIRED' OR (b.status = 'ON_HOLD' AND b.expires_at <= ${now}))`;
  return Prisma.sql`b.status = ${status}::booking_status`;
}
