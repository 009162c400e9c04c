"use client";

import Link from "next/link";

import type { RouterOutputs } from "../../../lib/trpc";

export type ManifestSlot = RouterOutputs["console"]["manifest"]["day"]["timeslots"][number];
type Guest = ManifestSlot["guests"][number];

function unitsOf(guest: Guest) {
  return guest.units.map((u) => `${u.quantity} × ${u.unitId}`).join(", ");
}

function GuestRow({ guest, onCheckIn, busy }: { guest: Guest; onCheckIn: (code: string) => void; busy: boolean }) {
  const next = guest.tickets.find((t) => !t.checkedIn);
  const all = guest.checkedIn === guest.tickets.length && guest.tickets.length > 0;
  return (
    <li className="guest" data-testid="guest">
      <div className="guest-who">
        <strong>{guest.name || "—"}</strong>
        <Link href={`/bookings/${guest.reference}`} className="mono small">
          {guest.reference}
        </Link>
        <span className="small muted">{unitsOf(guest)}</span>
      </div>
      <div className="guest-state">
        {guest.waiver === "missing" ? (
          <span className="badge warn">⚠ Waiver: required answer missing</span>
        ) : (
          <span className="badge ok">Waiver complete</span>
        )}
        {guest.noShow && <span className="badge bad">No-show</span>}
        <span
          className={`badge ${all ? "ok" : ""}`}
          aria-label={`${guest.checkedIn} of ${guest.tickets.length} checked in`}
        >
          {guest.checkedIn}/{guest.tickets.length} in
        </span>
        {next && (
          <button
            type="button"
            className="small"
            disabled={busy}
            onClick={() => onCheckIn(next.code)}
            aria-label={`Check in ${guest.name || guest.reference} (${next.unitId})`}
          >
            Check in
          </button>
        )}
      </div>
    </li>
  );
}

/** One departure's guests with its counts; checking in and marking no-shows go to the caller. */
export function TimeslotManifest({
  slot,
  onCheckIn,
  onMarkNoShows,
  busy = false,
}: {
  slot: ManifestSlot;
  onCheckIn: (code: string) => void;
  onMarkNoShows: (timeslotId: number) => void;
  busy?: boolean;
}) {
  const headingId = `slot-${slot.id}`;
  const unmarked = slot.guests.some((g) => g.checkedIn === 0 && !g.noShow);
  return (
    <section className="card manifest-slot" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId}>
          <span className="num">{slot.time}</span> {slot.activity}
        </h2>
        <dl className="manifest-counts" aria-live="polite">
          <div>
            <dt>Booked</dt>
            <dd className="num" data-testid="booked">
              {slot.counts.booked}
            </dd>
          </div>
          <div>
            <dt>Checked in</dt>
            <dd className="num" data-testid="checked-in">
              {slot.counts.checkedIn}
            </dd>
          </div>
          <div>
            <dt>Waiting</dt>
            <dd className="num" data-testid="waiting">
              {slot.counts.waiting}
            </dd>
          </div>
        </dl>
      </div>
      {slot.guests.length === 0 ? (
        <p className="card-body muted">No guests booked.</p>
      ) : (
        <ul className="guests">
          {slot.guests.map((guest) => (
            <GuestRow key={guest.reference} guest={guest} onCheckIn={onCheckIn} busy={busy} />
          ))}
        </ul>
      )}
      <div className="card-foot">
        <button
          type="button"
          className="small"
          disabled={busy || !slot.ended || !unmarked}
          title={slot.ended ? undefined : "Possible once the timeslot has ended"}
          onClick={() => onMarkNoShows(slot.id)}
        >
          Mark the rest as no-shows
        </button>
      </div>
    </section>
  );
}
