import { cancelBookingInTx } from "../bookings/cancel-booking.ts";
import { confirmHoldsInTx } from "../bookings/confirm-hold.ts";
import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";
import { recordOrderCompletedInTx } from "./place-paid-order.ts";

export interface PaymentOutcome {
  orderId: number;
  succeeded: boolean;
  paymentReference: string;
  now: Date;
  reminderHoursBefore?: number | undefined;
}

/**
 * What the payment provider says of a checkout (contract section 10), applied once however
 * often it says it. A success confirms the order's held booking, marks the order paid and
 * records `order-completed` (once: its entry is keyed by the order); a failure releases the
 * places. The order's row is locked first, so two deliveries of one event at once settle it
 * once. A success for a hold that has expired is refused (409 hold-expired): the places are
 * gone and the payment must be refunded. A failure after a success changes nothing.
 * Returns null for an order that does not exist or was not made by the shopfront.
 */
export function settlePayment(db: Database, outcome: PaymentOutcome) {
  return db.$transaction((tx) => settlePaymentInTx(tx, outcome));
}

export async function settlePaymentInTx(tx: Tx, outcome: PaymentOutcome) {
  const { now } = outcome;
  const [order] = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM orders WHERE id = ${outcome.orderId} AND channel = 'ONLINE' FOR UPDATE`;
  if (!order) return null;
  const current = await tx.order.findUniqueOrThrow({
    where: { id: order.id },
    include: { bookings: { include: { product: true } } },
  });
  const productIds = current.bookings.map((b) => b.productId);
  // Paid already: a repeated success, or a failure reported after it, changes nothing.
  if (current.paid) return { order: current, productIds, settled: "unchanged" as const };
  if (!outcome.succeeded) {
    for (const booking of current.bookings) await cancelBookingInTx(tx, booking.id, "payment-provider", now);
    return { order: current, productIds, settled: "released" as const };
  }
  await confirmHoldsInTx(
    tx,
    current.bookings.map((booking) => ({
      bookingId: booking.id,
      slot: { productName: booking.product.name, timeZone: booking.product.timeZone },
    })),
    {
      paymentReference: outcome.paymentReference,
      actor: "payment-provider",
      now,
      reminderHoursBefore: outcome.reminderHoursBefore,
    },
  );
  const paid = await tx.order.update({
    where: { id: order.id },
    data: { paid: true, paidAt: now, paymentReference: outcome.paymentReference },
  });
  await recordOrderCompletedInTx(tx, paid, now);
  return { order: paid, productIds, settled: "paid" as const };
}
