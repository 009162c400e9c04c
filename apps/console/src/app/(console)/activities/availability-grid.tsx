"use client";

import { formatLocalDate } from "../../../lib/format";
import type { Slot } from "./edit-slot-dialog";

function slotClass(slot: Slot): string {
  return ["slot", slot.closed && "closed", slot.placesTaken >= slot.capacity && "full", slot.started && "past"]
    .filter(Boolean)
    .join(" ");
}

/** Times of day down, days across: a week's rhythm reads at a glance. */
export function AvailabilityGrid({
  days,
  slots,
  onSelect,
}: {
  days: string[];
  slots: Slot[];
  onSelect: (slot: Slot) => void;
}) {
  const times = [...new Set(slots.map((s) => s.time))].sort();
  const at = new Map(slots.map((s) => [`${s.date} ${s.time}`, s]));
  return (
    <div className="table-wrap">
      <table className="avail">
        <thead>
          <tr>
            <th scope="col">Time</th>
            {days.map((d) => (
              <th key={d} scope="col" className="nowrap">
                {formatLocalDate(d, { weekday: "short" })}
                <br />
                {formatLocalDate(d, { day: "numeric", month: "short" })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((time) => (
            <tr key={time}>
              <th scope="row" className="num">
                {time}
              </th>
              {days.map((day) => {
                const slot = at.get(`${day} ${time}`);
                if (!slot) return <td key={day} aria-label="No timeslot" />;
                const free = Math.max(0, slot.capacity - slot.placesTaken);
                const label = `${formatLocalDate(day)} ${time}: ${slot.placesTaken} of ${slot.capacity} taken${slot.closed ? ", closed" : ""}${slot.waitlist.entries ? `, ${slot.waitlist.entries} waiting` : ""}`;
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className={slotClass(slot)}
                      onClick={() => onSelect(slot)}
                      disabled={slot.started}
                      aria-label={label}
                      data-slot-id={slot.id}
                    >
                      <span className="num">
                        <strong>{slot.placesTaken}</strong>/{slot.capacity}
                      </span>
                      <span className="bar" aria-hidden="true">
                        <span
                          style={{
                            width: `${slot.capacity ? Math.min(100, (100 * slot.placesTaken) / slot.capacity) : 100}%`,
                          }}
                        />
                      </span>
                      <span className="small muted nowrap">
                        {slot.closed ? "Closed" : free === 0 ? "Full" : `${free} free`}
                      </span>
                      {slot.waitlist.entries > 0 && <span className="small wait">{slot.waitlist.entries} waiting</span>}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
