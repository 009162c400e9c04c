import type { NewBooking } from "../bookings/booking-types.ts";
import { sellBooking } from "../bookings/sell-booking.ts";
import type { Database } from "../client.ts";
import type { OrderChannel } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";
import { recordBuiltInUsage } from "../usage/record-usage.ts";

export interface PaidOrderInput extends Omit<
  NewBooking,
  "source" | "partnerId" | "apiKeyId" | "orderId" | "holdUntil"
> {
  channel: OrderChannel;
}

/**
 * A basket paid at once with its one booking: the console's point of sale, where the desk
 * takes the money. The order, the places, the booking and the `order-completed` meter entry
 * commit together, so a sold-out slot leaves no paid order behind and every paid order counts
 * once. The shopfront pays later, by its provider (see checkoutOrder and settlePayment).
 */
export async function placePaidOrder(db: Database, input: PaidOrderInput) {
  return db.$transaction((tx) => placePaidOrderInTx(tx, input));
}

export async function placePaidOrderInTx(tx: Tx, input: PaidOrderInput) {
  const order = await tx.order.create({
    data: {
      operatorId: input.product.operatorId,
      channel: input.channel,
      paid: true,
      paidAt: input.now,
      paymentReference: input.paymentReference ?? null,
      totalAmount: input.priced.totalAmount,
      currency: input.product.currency,
      createdAt: input.now,
    },
  });
  const booking = await sellBooking(tx, { ...input, source: input.channel, orderId: order.id });
  await recordOrderCompletedInTx(tx, order, input.now);
  return { order, booking };
}

/** `order-completed` for a paid order, once however often it is asked (contract section 9). */
export function recordOrderCompletedInTx(
  tx: Tx,
  order: { id: number; operatorId: number; totalAmount: number; currency: string },
  paidAt: Date,
) {
  return recordBuiltInUsage(
    tx,
    order.operatorId,
    "order-completed",
    { basketId: order.id, total: order.totalAmount, currency: order.currency },
    paidAt,
    `order:${order.id}`,
  );
}
