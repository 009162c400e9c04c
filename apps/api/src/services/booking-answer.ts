import type { Booking, Db, Product } from "@slotwise/db";

import type { WorkResult } from "../idempotency/with-idempotency.ts";
import type { BookingView } from "../presenters/booking-schema.ts";
import { presentBooking } from "../presenters/booking.ts";
import type { Settings } from "../trpc/context.ts";
import { bookingTickets } from "./booking-tickets.ts";

/**
 * A partner booking write's answer (create, confirm, change): the booking as GET shows it,
 * tickets included, read through `db`, the write's own transaction, so that the answer an
 * Idempotency-Key stores is the one the first request got.
 */
export async function bookingAnswer(
  ctx: { db: Db; settings: Pick<Settings, "publicBaseUrl"> },
  booking: Booking,
  product: Pick<Product, "activityId" | "timeZone">,
  now: Date,
  status: number,
  headers: Record<string, string> = {},
): Promise<WorkResult<{ data: BookingView }>> {
  const tickets = await bookingTickets(ctx, [booking]);
  return { status, body: { data: presentBooking(booking, product, now, tickets.get(booking.id)) }, headers };
}
