"use client";

import Link from "next/link";
import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { todayIn } from "@slotwise/core/plain-dates";

import { Card } from "../../../../components/card";
import { TextField } from "../../../../components/form-field";
import { formatLocalDate } from "../../../../lib/format";
import { fieldProblems, problemMessage } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import type { Activity } from "./details-card";

/**
 * Closes the activity on some local dates (weather, a holiday): every timeslot then is
 * closed, also ones a schedule makes later. Bookings stay; every closure of the activity is
 * listed with the bookings still active on its dates, a link each, so that the operator can
 * contact those guests.
 */
export function ClosuresCard({ activity }: { activity: Activity }) {
  const utils = trpc.useUtils();
  const [from, setFrom] = useState(() => todayIn(activity.TimeZone));
  const [to, setTo] = useState(() => todayIn(activity.TimeZone));
  const [reason, setReason] = useState("");
  const closures = trpc.catalog.closures.useQuery({ ActivityID: activity.ActivityID });
  const close = trpc.catalog.createClosure.useMutation({
    onSuccess: (result) => {
      void utils.catalog.closures.invalidate({ ActivityID: activity.ActivityID });
      void utils.catalog.previewSchedule.invalidate();
      void utils.console.activities.invalidate();
      toast.success(`Closed ${formatLocalDate(result.data.From)} – ${formatLocalDate(result.data.To)}`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(close.error);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    close.mutate({ ActivityID: activity.ActivityID, From: from, To: to, Reason: reason });
  };
  return (
    <Card id="closures-heading" title="Closures">
      <form onSubmit={submit} className="stack" style={{ gap: 12 }} aria-label="New closure">
        <div className="grid-3" style={{ gap: 12 }}>
          <TextField
            label="Closed from"
            type="date"
            value={from}
            onValueChange={setFrom}
            problem={problems.From}
            required
          />
          <TextField label="Closed until" type="date" value={to} onValueChange={setTo} problem={problems.To} required />
          <TextField
            label="Reason"
            value={reason}
            onValueChange={setReason}
            problem={problems.Reason}
            maxLength={500}
          />
        </div>
        <p className="small muted" style={{ margin: 0 }}>
          Dates in {activity.TimeZone}. Bookings on those days stay valid: contact the guests listed.
        </p>
        <div className="row">
          <button type="submit" className="primary" disabled={close.isPending}>
            {close.isPending ? "Closing…" : "Close these days"}
          </button>
        </div>
      </form>
      {closures.error && (
        <p className="field-error" role="alert">
          {problemMessage(closures.error)}
        </p>
      )}
      {closures.data?.data.map((c) => (
        <section key={c.ID} className="notice" aria-label={`Closure ${c.From} to ${c.To}`} style={{ marginTop: 12 }}>
          <strong>
            Closed {formatLocalDate(c.From)} – {formatLocalDate(c.To)}
            {c.Reason && `: ${c.Reason}`}
          </strong>
          {c.AffectedBookings.length === 0 ? (
            <p className="small" style={{ margin: 0 }}>
              No bookings were affected.
            </p>
          ) : (
            <>
              <p className="small" style={{ margin: "4px 0" }}>
                {c.AffectedBookings.length} affected {c.AffectedBookings.length === 1 ? "booking" : "bookings"}:
              </p>
              <ul aria-label="Affected bookings" style={{ margin: 0 }}>
                {c.AffectedBookings.map((reference) => (
                  <li key={reference}>
                    <Link href={`/bookings/${reference}`} className="mono">
                      {reference}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
    </Card>
  );
}
