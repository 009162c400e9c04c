import Link from "next/link";

import { formatLocalDate } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";

export type Sale = RouterOutputs["console"]["pointOfSale"]["sell"];

/** The booking the desk just sold, with a link to it, so the clerk can read it back. */
export function LastSaleCard({ sale }: { sale: Sale | null }) {
  return (
    <section className="card" aria-live="polite" aria-labelledby="last-sale">
      <div className="card-head">
        <h2 id="last-sale">Last sale</h2>
      </div>
      <div className="card-body">
        {sale ? (
          <dl className="facts">
            <dt>Booking</dt>
            <dd>
              <Link href={`/bookings/${sale.booking.Reference}`} className="mono">
                {sale.booking.Reference}
              </Link>
            </dd>
            <dt>Order</dt>
            <dd>#{sale.BasketID}, paid</dd>
            <dt>When</dt>
            <dd>
              {formatLocalDate(sale.booking.Date)} at {sale.booking.Time}
            </dd>
            <dt>Customer</dt>
            <dd>
              {sale.booking.Customer?.FirstName} {sale.booking.Customer?.LastName} · {sale.booking.Participants} people
            </dd>
            <dt>Waiver</dt>
            <dd>{sale.booking.WaiverStatus === "complete" ? "Nothing to sign" : "To be signed at the desk"}</dd>
          </dl>
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            Sales made here appear in Bookings as point-of-sale bookings.
          </p>
        )}
      </div>
    </section>
  );
}
