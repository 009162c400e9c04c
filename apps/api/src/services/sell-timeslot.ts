import { holdDeadline, type PricedBooking, type WaiverAnswer } from "@slotwise/core";
import { checkoutOrder, placePaidOrder, type Database, type Product } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";
import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { countBooking } from "../metrics/count-booking.ts";
import { customerDetails } from "../presenters/booking.ts";
import type { Settings } from "../trpc/context.ts";

/** How long a shopfront checkout holds its places for the payment to succeed (contract section 10). */
export const CHECKOUT_HOLD_MINUTES = 15;

export interface Sale {
  product: Product;
  timeslotId: number;
  /** When the seller read that it starts (see sellBooking). */
  startsAt: Date;
  /** See priceBooking. */
  priced: PricedBooking;
  customer: { FirstName: string; LastName: string; Email: string; Phone: string };
  paymentReference: string | null;
  answers: readonly WaiverAnswer[];
  waiverStatus: "complete" | "pending";
  channel: "ONLINE" | "POS";
  actor: string;
}

/**
 * An order with its booking. At the console's point of sale the desk has taken the money, so
 * the order is paid at once; the shopfront's checkout holds the places until the payment
 * provider's webhook says the payment succeeded (see settleCheckout).
 */
export async function sellTimeslot(
  ctx: { db: Database; cache: CacheReads; now: () => Date; settings: Settings; metrics: ApiMetrics },
  sale: Sale,
) {
  const now = ctx.now();
  const order = {
    product: sale.product,
    timeslotId: sale.timeslotId,
    startsAt: sale.startsAt,
    priced: sale.priced,
    customer: customerDetails(sale.customer),
    paymentReference: sale.paymentReference,
    answers: sale.answers,
    waiverStatus: sale.waiverStatus,
    actor: sale.actor,
    now,
    reminderHoursBefore: ctx.settings.reminderHoursBefore,
  };
  const sold =
    sale.channel === "POS"
      ? await countBooking(ctx.metrics, "pos", () => placePaidOrder(ctx.db, { ...order, channel: "POS" }))
      : await countBooking(
          ctx.metrics,
          "online",
          () => checkoutOrder(ctx.db, { ...order, holdUntil: holdDeadline(now, CHECKOUT_HOLD_MINUTES) }),
          () => "held",
        );
  ctx.cache.changed(cacheTags.timeslots(sale.product.id));
  return sold;
}
