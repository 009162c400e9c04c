"use client";

import { toast } from "sonner";

import { Dialog } from "../../../../components/confirm-dialog";
import { formatLocalDate } from "../../../../lib/format";
import { problemMessage } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import type { Booking } from "./booking";
import { cancellationTerms } from "./cancellation-terms";

/**
 * Asks before cancelling: the places go back on sale and the waitlist is told at once, which
 * cannot be undone.
 */
export function CancelBookingDialog({ b, open, onClose }: { b: Booking; open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const cancel = trpc.console.bookings.cancel.useMutation({
    onSuccess: (updated) => {
      utils.console.bookings.get.setData({ reference: updated.reference }, updated);
      void utils.console.bookings.list.invalidate();
      void utils.console.activities.grid.invalidate();
      onClose();
      toast.success(
        `Booking ${updated.reference} cancelled; ${updated.participants} place${updated.participants === 1 ? "" : "s"} freed`,
      );
    },
    onError: (error) => {
      onClose();
      toast.error(problemMessage(error));
    },
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Cancel booking ${b.reference}?`}
      footer={
        <>
          <button type="button" onClick={onClose}>
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
      <p style={{ margin: "8px 0 0" }}>By the booking&apos;s cancellation policy: {cancellationTerms(b)}.</p>
    </Dialog>
  );
}
