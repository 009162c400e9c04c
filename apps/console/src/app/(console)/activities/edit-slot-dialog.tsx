"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { FormField } from "../../../components/form-field";
import { formatLocalDate } from "../../../lib/format";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../lib/trpc";

export type Slot = RouterOutputs["console"]["activities"]["grid"]["slots"][number];

function outcome(notified: number): string {
  return notified === 0 ? "" : `; ${notified} waiting customer${notified === 1 ? "" : "s"} told`;
}

/** Capacity, closing and reopening of one timeslot. Freed places go to the waitlist at once. */
export function EditSlotDialog({ slot, onClose }: { slot: Slot | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [capacity, setCapacity] = useState(String(slot?.capacity ?? ""));
  const change = trpc.console.timeslots.change.useMutation({
    onSuccess: (result, input) => {
      void utils.console.activities.grid.invalidate();
      const what =
        input.closed === true
          ? "Timeslot closed"
          : input.closed === false
            ? "Timeslot reopened"
            : `Capacity set to ${result.capacity}`;
      toast.success(`${what}${outcome(result.waitlistNotified)}`);
      onClose();
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  if (!slot) return null;
  const problem = fieldProblems(change.error).capacity;
  const parsed = Number(capacity);
  const valid = capacity !== "" && Number.isInteger(parsed) && parsed >= slot.placesTaken;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${formatLocalDate(slot.date)} at ${slot.time}`}
      footer={
        <>
          {slot.closed ? (
            <button
              type="button"
              onClick={() => change.mutate({ timeslotId: slot.id, closed: false })}
              disabled={change.isPending}
            >
              Reopen timeslot
            </button>
          ) : (
            <button
              type="button"
              className="danger-outline"
              onClick={() => change.mutate({ timeslotId: slot.id, closed: true })}
              disabled={change.isPending}
            >
              Close timeslot
            </button>
          )}
          <button type="submit" form="edit-slot" className="primary" disabled={!valid || change.isPending}>
            Save capacity
          </button>
        </>
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        {slot.placesTaken} of {slot.capacity} places taken{slot.closed ? " · closed" : ""} · {slot.waitlist.entries}{" "}
        waiting ({slot.waitlist.participants} people)
      </p>
      <form
        id="edit-slot"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ timeslotId: slot.id, capacity: parsed });
        }}
      >
        <FormField label="Capacity" problem={problem}>
          <input
            type="number"
            inputMode="numeric"
            min={slot.placesTaken}
            max={10000}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            aria-invalid={!valid || Boolean(problem)}
            aria-describedby="capacity-help"
          />
          <span id="capacity-help" className="small muted">
            At least {slot.placesTaken}, the places already sold.
          </span>
        </FormField>
      </form>
    </Dialog>
  );
}
