import type { NewBooking } from "../bookings/booking-types.ts";
import { sellBooking } from "../bookings/sell-booking.ts";
import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";

export interface CheckoutInput extends Omit<NewBooking, "source" | "partnerId" | "apiKeyId" | "orderId" | "holdUntil"> {
  /** When the places go back unless the payment provider has confirmed the payment. */
  holdUntil: Date;
}

/**
 * The shopfront's checkout (contract section 10): an unpaid order whose booking holds its
 * places until the payment provider says the payment succeeded (settlePayment) or the hold
 * expires. Nothing is counted as sold, and no e-mail goes out, until then.
 */
export function checkoutOrder(db: Database, input: CheckoutInput) {
  return db.$transaction((tx) => checkoutOrderInTx(tx, input));
}

export async function checkoutOrderInTx(tx: Tx, input: CheckoutInput) {
  const order = await tx.order.create({
    data: {
      operatorId: input.product.operatorId,
      channel: "ONLINE",
      paid: false,
      paymentReference: input.paymentReference ?? null,
      totalAmount: input.priced.totalAmount,
      currency: input.product.currency,
      createdAt: input.now,
    },
  });
  const booking = await sellBooking(tx, { ...input, source: "ONLINE", orderId: order.id });
  return { order, booking };
}
