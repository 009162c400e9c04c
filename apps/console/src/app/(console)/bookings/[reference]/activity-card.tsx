import Link from "next/link";

import { Card } from "../../../../components/card";
import { formatLocalDate, formatMoney } from "../../../../lib/format";
import type { Booking } from "./booking";

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
