import { Card } from "../../../../components/card";
import type { Booking } from "./booking";

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
