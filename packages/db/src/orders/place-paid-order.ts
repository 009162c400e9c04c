import type { NewBooking } from "../bookings/booking-types.ts";
import { createBookingInTx } from "../bookings/create-booking.ts";
import type { Database } from "../client.ts";
import type { OrderChannel } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";
import { recordBuiltInUsage } from "../usage/record-usage.ts";

export interface PaidOrderInput extends Omit<NewBooking, "source" | "partnerId" | "apiKeyId" | "orderId"> {
  channel: OrderChannel;
}

/**
 * A paid basket with its one booking: the shopfront's checkout and the console's point of
 * sale. The order, the places, the booking and the `order-completed` meter entry commit
 * together, so a sold-out slot leaves no paid order behind and every paid order counts once.
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
  const booking = await createBookingInTx(tx, { ...input, source: input.channel, orderId: order.id });
  await recordBuiltInUsage(
    tx,
    order.operatorId,
    "order-completed",
    { basketId: order.id, total: order.totalAmount, currency: order.currency },
    input.now,
    `order:${order.id}`,
  );
  return { order, booking };
}
