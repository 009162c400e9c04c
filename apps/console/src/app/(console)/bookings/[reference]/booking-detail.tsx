"use client";

import Link from "next/link";
import { useState } from "react";

import { BookingStatusBadge, SourceBadge, WaiverBadge } from "../../../../components/badges";
import { PageHead } from "../../../../components/page-head";
import { ErrorState, Loading, SkeletonBlock } from "../../../../components/states";
import { problemMessage, problemStatus } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import { ActivityCard } from "./activity-card";
import { EmailsCard, HistoryCard, WaiverCard } from "./booking-timeline";
import { CancelBookingDialog } from "./cancel-booking-dialog";
import { CustomerCard } from "./customer-card";
import { PaymentCard } from "./payment-card";

/** One booking with everything the desk asks about it, and its cancellation. */
export function BookingDetail({ reference }: { reference: string }) {
  const booking = trpc.console.bookings.get.useQuery({ reference });
  const [confirming, setConfirming] = useState(false);

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
        <ActivityCard b={b} />
        <CustomerCard b={b} />
        <PaymentCard b={b} />
        <WaiverCard b={b} />
        <HistoryCard b={b} />
        <EmailsCard b={b} />
      </div>
      <CancelBookingDialog b={b} open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}
