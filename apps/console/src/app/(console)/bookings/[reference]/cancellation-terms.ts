import { formatInstant, formatMoney } from "../../../../lib/format";
import type { Booking } from "./booking";

/** What the booking's policy gives if cancelled now: a partner may only within its tiers, the desk always. */
export function cancellationTerms(b: Pick<Booking, "cancellation" | "activity">): string {
  const quote = b.cancellation;
  const refund = `${formatMoney(quote.Refund.Amount, quote.Refund.Currency)} refunded (${quote.RefundPercent} %)`;
  if (!quote.Cancellable) return `${refund}; the policy lets no partner cancel now`;
  return quote.Until === null
    ? refund
    : `${refund} until ${formatInstant(new Date(quote.Until * 1000).toISOString(), b.activity.timeZone)}`;
}
