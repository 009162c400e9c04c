import { Card } from "../../../../components/card";
import { formatInstant, formatMoney, humanize } from "../../../../lib/format";
import type { Booking } from "./booking";
import { cancellationTerms } from "./cancellation-terms";

/** What the payment card reads of a booking. */
export type SaleFacts = Pick<
  Booking,
  | "paymentReference"
  | "resellerReference"
  | "partner"
  | "source"
  | "order"
  | "createdAt"
  | "expiresAt"
  | "status"
  | "cancelledAt"
  | "activity"
  | "refund"
  | "cancellable"
  | "cancellation"
>;

/** How the booking was paid (and the reseller's reference, for OCTO) and when it was made, held or cancelled. */
export function PaymentCard({ b }: { b: SaleFacts }) {
  return (
    <Card id="payment-heading" title="Payment">
      <dl className="facts">
        <dt>Payment reference</dt>
        <dd className="mono">{b.paymentReference ?? "—"}</dd>
        <dt>Sold by</dt>
        <dd>{b.partner ? b.partner.name : b.source === "POS" ? "The desk" : "Online shop"}</dd>
        {b.resellerReference && (
          <>
            <dt>Reseller reference</dt>
            <dd className="mono">{b.resellerReference}</dd>
          </>
        )}
        {b.order && (
          <>
            <dt>Order</dt>
            <dd>
              #{b.order.id} · {humanize(b.order.channel)} · {formatMoney(b.order.totalAmount, b.order.currency)} ·{" "}
              {b.order.paid ? "paid" : "unpaid"}
            </dd>
          </>
        )}
        <dt>Booked</dt>
        <dd>{formatInstant(b.createdAt, b.activity.timeZone)}</dd>
        {b.expiresAt && (
          <>
            <dt>{b.status === "ON_HOLD" ? "Hold expires" : "Held until"}</dt>
            <dd>{formatInstant(b.expiresAt, b.activity.timeZone)}</dd>
          </>
        )}
        {b.cancelledAt && (
          <>
            <dt>Cancelled</dt>
            <dd>{formatInstant(b.cancelledAt, b.activity.timeZone)}</dd>
          </>
        )}
        {b.refund && (
          <>
            <dt>Refunded</dt>
            <dd>{formatMoney(b.refund.amount, b.refund.currency)}</dd>
          </>
        )}
        {b.cancellable && (
          <>
            <dt>Cancelling now</dt>
            <dd>{cancellationTerms(b)}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
