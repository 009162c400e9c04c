import Link from "next/link";

import { EmailStatusBadge, WaiverBadge } from "../../../../components/badges";
import { Card } from "../../../../components/card";
import { formatInstant, humanize } from "../../../../lib/format";
import type { Booking } from "./booking";
import { WaiverAnswer } from "./waiver-answer";

/** The waiver questions with the answers given, each shown as text or a checked link. */
export function WaiverCard({ b }: { b: Booking }) {
  return (
    <Card id="waiver-heading" title="Waiver" actions={<WaiverBadge status={b.waiverStatus} />}>
      {b.waiver.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          This activity asks no questions.
        </p>
      ) : (
        <dl className="facts">
          {b.waiver.map((q) => (
            <div key={q.id} style={{ display: "contents" }}>
              <dt>
                {q.label}
                {q.required && <span aria-label="required"> *</span>}
              </dt>
              <dd>
                <WaiverAnswer type={q.type} value={q.value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

/** Every change of the booking, oldest first, with who made it. */
export function HistoryCard({ b }: { b: Booking }) {
  return (
    <Card id="history-heading" title="History">
      <ol className="timeline">
        {b.history.map((event, i) => (
          <li key={i}>
            <span className="dot" aria-hidden="true" />
            <div>
              <strong>{humanize(event.type)}</strong> <span className="muted">by {event.actor}</span>
              <div className="muted small">{formatInstant(event.at, b.activity.timeZone)}</div>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The e-mails sent or queued for the booking, with a link to the outbox. */
export function EmailsCard({ b }: { b: Booking }) {
  return (
    <Card
      id="emails-heading"
      title="E-mails"
      actions={
        <Link href="/outbox" className="small">
          Outbox
        </Link>
      }
    >
      {b.emails.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          No e-mails for this booking.
        </p>
      ) : (
        <ul className="timeline">
          {b.emails.map((e) => (
            <li key={e.id}>
              <span className="dot" aria-hidden="true" />
              <div className="row" style={{ gap: 8 }}>
                <span>{humanize(e.kind)}</span>
                <EmailStatusBadge status={e.status} />
                <span className="muted small">{formatInstant(e.sentAt ?? e.createdAt, b.activity.timeZone)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
