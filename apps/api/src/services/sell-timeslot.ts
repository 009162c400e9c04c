import type { PricedBooking, WaiverAnswer } from "@slotwise/core";
import { placePaidOrder, type Database, type Product } from "@slotwise/db";

import { cacheTags, type ReadCache } from "../cache/read-cache.ts";
import type { ApiMetrics } from "../metrics/api-metrics.ts";
import { countBooking } from "../metrics/count-booking.ts";
import { customerDetails } from "../presenters/booking.ts";
import type { Settings } from "../trpc/context.ts";

export interface Sale {
  product: Product;
  timeslotId: number;
  /** See priceBooking. */
  priced: PricedBooking;
  customer: { FirstName: string; LastName: string; Email: string; Phone: string };
  paymentReference: string | null;
  answers: readonly WaiverAnswer[];
  waiverStatus: "complete" | "pending";
  channel: "ONLINE" | "POS";
  actor: string;
}

/** A paid order with its booking, for the shopfront's checkout and the console's point of sale. */
export async function sellTimeslot(
  ctx: { db: Database; cache: ReadCache; now: () => Date; settings: Settings; metrics: ApiMetrics },
  sale: Sale,
) {
  const channel = sale.channel === "POS" ? "pos" : "online";
  const sold = await countBooking(ctx.metrics, channel, () =>
    placePaidOrder(ctx.db, {
      product: sale.product,
      timeslotId: sale.timeslotId,
      priced: sale.priced,
      customer: customerDetails(sale.customer),
      paymentReference: sale.paymentReference,
      answers: sale.answers,
      waiverStatus: sale.waiverStatus,
      actor: sale.actor,
      now: ctx.now(),
      reminderHoursBefore: ctx.settings.reminderHoursBefore,
      channel: sale.channel,
    }),
  );
  ctx.cache.invalidate(cacheTags.product(sale.product.id));
  return sold;
}
