import { ticketsOf, type Booking, type Db } from "@slotwise/db";

import type { BookingTickets } from "../presenters/booking.ts";
import type { Settings } from "../trpc/context.ts";

/** Where a ticket's page is: public, the code being its only key. */
export function ticketUrl(settings: Pick<Settings, "publicBaseUrl">, code: string): string {
  return `${(settings.publicBaseUrl ?? "").replace(/\/$/, "")}/api/v2/tickets/${encodeURIComponent(code)}`;
}

/** The tickets of these bookings, as presentBooking shows them (one read for all of them). */
export async function bookingTickets(
  ctx: { db: Db; settings: Pick<Settings, "publicBaseUrl"> },
  bookings: readonly Pick<Booking, "id">[],
): Promise<Map<number, BookingTickets>> {
  const tickets = await ticketsOf(
    ctx.db,
    bookings.map((b) => b.id),
  );
  return new Map(
    [...tickets].map(([id, rows]) => [
      id,
      rows.map((row) => ({
        unitId: row.unitId,
        code: row.code,
        url: ticketUrl(ctx.settings, row.code),
        checkedIn: row.checkedInAt !== null,
      })),
    ]),
  );
}
