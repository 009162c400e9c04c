import type { Booking, Db, Product } from "@slotwise/db";

import type { WorkResult } from "../idempotency/with-idempotency.ts";
import type { BookingView } from "../presenters/booking-schema.ts";
import { presentBooking } from "../presenters/booking.ts";
import type { Settings } from "../trpc/context.ts";
import { bookingTickets } from "./booking-tickets.ts";

type TicketReader = { db: Db; settings: Pick<Settings, "publicBaseUrl"> };

/** A partner's booking as GET shows it, tickets included, read through `ctx.db`. */
export async function bookingView(
  ctx: TicketReader,
  booking: Booking,
  product: Pick<Product, "activityId" | "timeZone">,
  now: Date,
): Promise<BookingView> {
  const tickets = await bookingTickets(ctx, [booking]);
  return presentBooking(booking, product, now, tickets.get(booking.id));
}

/**
 * A partner booking write's answer (create, confirm, change): its bookingView, read through
 * `ctx.db`, the write's own transaction, so that the answer an Idempotency-Key stores is the one
 * the first request got.
 */
export async function bookingAnswer(
  ctx: TicketReader,
  booking: Booking,
  product: Pick<Product, "activityId" | "timeZone">,
  now: Date,
  answer: { status: number; headers?: Record<string, string> },
): Promise<WorkResult<{ data: BookingView }>> {
  return {
    status: answer.status,
    body: { data: await bookingView(ctx, booking, product, now) },
    headers: answer.headers ?? {},
  };
}
