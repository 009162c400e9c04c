"use client";

import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";

import { BookingStatusBadge, EmailStatusBadge, SourceBadge, WaiverBadge } from "../../../../components/badges";
import { Card } from "../../../../components/card";
import { Dialog } from "../../../../components/confirm-dialog";
import { PageHead } from "../../../../components/page-head";
import { ErrorState, Loading, SkeletonBlock } from "../../../../components/states";
import { formatInstant, formatLocalDate, formatMoney, humanize } from "../../../../lib/format";
import { problemMessage, problemStatus } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import { WaiverAnswer } from "./waiver-answer";

export function BookingDetail({ reference }: { reference: string }) {
  const utils = trpc.useUtils();
  const booking = trpc.console.bookings.get.useQuery({ reference });
  const [confirming, setConfirming] = useState(false);
  const cancel = trpc.console.bookings.cancel.useMutation({
    onSuccess: (updated) => {
      utils.console.bookings.get.setData({ reference }, updated);
      void utils.console.bookings.list.invalidate();
      void utils.console.activities.grid.invalidate();
      setConfirming(false);
      toast.success(
        `Booking ${updated.reference} cancelled; ${updated.participants} place${updated.participants === 1 ? "" : "s"} freed`,
      );
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(problemMessage(error));
    },
  });

  if (booking.isPending) {
    return (
      <>
        <Loading label="Loading booking" />
        <div className="stack">
          <SkeletonBlock height={48} />
          <div className="grid-2">
            <SkeletonBlock height={220} />
            <SkeletonBlock height={220} />
          </div>
        </div>
      </>
    );
  }
  if (booking.error) {
    return (
      <div className="card">
        {problemStatus(booking.error) === 404 ? (
          <div className="state">
            <strong>There is no booking {reference}</strong>
            <Link href="/bookings">Back to bookings</Link>
          </div>
        ) : (
          <ErrorState message={problemMessage(booking.error)} onRetry={() => void booking.refetch()} />
        )}
      </div>
    );
  }
  const b = booking.data;
  return (
    <>
      <p className="small" style={{ margin: "0 0 8px" }}>
        <Link href="/bookings">← Bookings</Link>
      </p>
      <PageHead
        title={`Booking ${b.reference}`}
        description={
          <span className="row" style={{ gap: 6 }}>
            <SourceBadge source={b.source} partner={b.partner} />
            <BookingStatusBadge status={b.status} expiresAt={b.expiresAt} timeZone={b.activity.timeZone} />
            <WaiverBadge status={b.waiverStatus} />
          </span>
        }
        actions={
          b.cancellable ? (
            <button type="button" className="danger-outline" onClick={() => setConfirming(true)}>
              Cancel booking
            </button>
          ) : undefined
        }
      />
      <div className="grid-2">
        <Card id="activity-heading" title="Activity">
          <dl className="facts">
            <dt>Activity</dt>
            <dd>
              <Link href={`/activities?activity=${b.activity.id}&from=${b.timeslot.starts.date}`}>
                {b.activity.name}
              </Link>
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
            <p className="muted">
              Not given yet: the partner holds these places and names the customer when it confirms.
            </p>
          )}
        </Card>
        <Card id="payment-heading" title="Payment">
          <dl className="facts">
            <dt>Payment reference</dt>
            <dd className="mono">{b.paymentReference ?? "—"}</dd>
            <dt>Sold by</dt>
            <dd>{b.partner ? b.partner.name : b.source === "POS" ? "The desk" : "Online shop"}</dd>
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
          </dl>
        </Card>
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
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel booking ${b.reference}?`}
        footer={
          <>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep booking
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => cancel.mutate({ reference: b.reference })}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? "Cancelling…" : "Cancel booking"}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>
          {b.participants} place{b.participants === 1 ? "" : "s"} on {formatLocalDate(b.timeslot.starts.date)} at{" "}
          {b.timeslot.starts.time} go back on sale, and people on the waitlist are told. This cannot be undone.
        </p>
      </Dialog>
    </>
  );
}
