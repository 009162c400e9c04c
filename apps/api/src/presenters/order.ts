import type { Booking, Product } from "@slotwise/db";

import { presentBooking, type BookingTickets } from "./booking.ts";
import type { OrderView } from "./order-schema.ts";

type Status = OrderView["Status"];

/** Which status an order whose bookings differ reads as: the first any of them has. */
const STATUS_PRECEDENCE: readonly Status[] = ["confirmed", "on_hold", "expired", "cancelled"];

/**
 * An order as its partner reads it. Its bookings move together, so they share a status; a
 * confirmed order whose bookings were later cancelled one by one reads as confirmed while any
 * of them is.
 */
export function presentOrder(
  order: { publicId: string | null; expiresAt: Date | null; totalAmount: number; currency: string },
  bookings: readonly (Booking & { product: Pick<Product, "activityId" | "timeZone"> })[],
  now: Date,
  tickets: ReadonlyMap<number, BookingTickets>,
): OrderView {
  const views = bookings.map((b) => presentBooking(b, b.product, now, tickets.get(b.id) ?? []));
  const statuses = new Set<Status>(views.map((v) => v.Status));
  const status = STATUS_PRECEDENCE.find((s) => statuses.has(s)) ?? "cancelled";
  return {
    OrderID: order.publicId ?? "",
    Status: status,
    ExpiresAt: order.expiresAt ? Math.floor(order.expiresAt.getTime() / 1000) : null,
    Bookings: views,
    Total: { Amount: order.totalAmount, Currency: order.currency },
  };
}
