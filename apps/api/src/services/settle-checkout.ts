import type { PaymentEvent } from "@slotwise/core";
import { settlePayment, type Database } from "@slotwise/db";

import { cacheTags } from "../cache/read-cache.ts";
import type { CacheReads } from "../cache/read-trail.ts";
import type { ApiMetrics } from "../metrics/api-metrics.ts";
import type { Settings } from "../trpc/context.ts";

/**
 * The payment provider's verdict on a shopfront checkout: paid (its booking confirmed, the
 * order counted) or failed (its places released). Null when there is no such basket.
 */
export async function settleCheckout(
  ctx: { db: Database; cache: CacheReads; now: () => Date; settings: Settings; metrics: ApiMetrics },
  event: PaymentEvent,
) {
  const settled = await settlePayment(ctx.db, {
    orderId: event.BasketID,
    succeeded: event.type === "payment.succeeded",
    paymentReference: event.PaymentReference,
    now: ctx.now(),
    reminderHoursBefore: ctx.settings.reminderHoursBefore,
  });
  for (const productId of settled?.productIds ?? []) ctx.cache.changed(cacheTags.timeslots(productId));
  // The checkout was counted as held; this is where it becomes a sale, or gives its places back.
  if (settled?.settled === "paid") ctx.metrics.booking("online", "confirmed");
  if (settled?.settled === "released") ctx.metrics.booking("online", "released");
  return settled;
}
