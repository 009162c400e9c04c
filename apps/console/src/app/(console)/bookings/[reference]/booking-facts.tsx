import Link from "next/link";

import { Card } from "../../../../components/card";
import { formatInstant, formatLocalDate, formatMoney, humanize } from "../../../../lib/format";
import type { RouterOutputs } from "../../../../lib/trpc";

export type Booking = RouterOutputs["console"]["bookings"]["get"];

/** What was booked: the activity, its start in its own zone, the places and their prices. */
export function ActivityCard({ b }: { b: Booking }) {
  return (
    <Card id="activity-heading" title="Activity">
      <dl className="facts">
        <dt>Activity</dt>
        <dd>
          <Link href={`/activities?activity=${b.activity.id}&from=${b.timeslot.starts.date}`}>{b.activity.name}</Link>
        </dd>
        <dt>Starts</dt>
        <dd>
          {formatLocalDate(b.timeslot.starts.date)} at {b.timeslot.starts.time}{" "}
          <span className="muted small">({b.activity.timeZone})</span>
        </dd>
        <dt>Participants</dt>
        <dd>
          <span className="num">{b.participants}</span>
          {b.units.length > 0 && (
            <ul className="units">
              {b.units.map((unit) => (
                <li key={unit.UnitID}>
                  {unit.Quantity} × {unit.Label} at {formatMoney(unit.Price, b.total.currency)}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Total</dt>
        <dd className="num">{formatMoney(b.total.amount, b.total.currency)}</dd>
        <dt>Timeslot</dt>
        <dd className="num">
          {b.timeslot.placesTaken} of {b.timeslot.capacity} places taken
        </dd>
        {b.activity.location && (
          <>
            <dt>Meeting point</dt>
            <dd>{b.activity.location}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/** Who comes; a hold may name nobody until the partner confirms it. */
export function CustomerCard({ b }: { b: Booking }) {
  return (
    <Card id="customer-heading" title="Customer">
      {b.customer ? (
        <dl className="facts">
          <dt>Name</dt>
          <dd>
            {b.customer.firstName} {b.customer.lastName}
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${b.customer.email}`}>{b.customer.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${b.customer.phone}`}>{b.customer.phone}</a>
          </dd>
        </dl>
      ) : (
        <p className="muted">Not given yet: the partner holds these places and names the customer when it confirms.</p>
      )}
    </Card>
  );
}

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

/** What the booking's policy gives if cancelled now: a partner may only within its tiers, the desk always. */
export function cancellationTerms(b: Pick<Booking, "cancellation" | "activity">): string {
  const quote = b.cancellation;
  const refund = `${formatMoney(quote.Refund.Amount, quote.Refund.Currency)} refunded (${quote.RefundPercent} %)`;
  if (!quote.Cancellable) return `${refund}; the policy lets no partner cancel now`;
  return quote.Until === null
    ? refund
    : `${refund} until ${formatInstant(new Date(quote.Until * 1000).toISOString(), b.activity.timeZone)}`;
}
