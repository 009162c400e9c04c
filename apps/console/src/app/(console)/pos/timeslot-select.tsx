import { FormField } from "../../../components/form-field";
import { formatLocalDate } from "../../../lib/format";
import type { RouterOutputs } from "../../../lib/trpc";

type Slot = RouterOutputs["console"]["activities"]["grid"]["slots"][number];

/** The timeslots with places left, each saying how many. */
export function TimeslotSelect({
  slots,
  pending,
  value,
  onChange,
  problem,
}: {
  slots: Slot[];
  pending: boolean;
  value: string;
  onChange: (timeslotId: string) => void;
  problem?: string;
}) {
  return (
    <FormField label="Timeslot" problem={problem}>
      <select value={value} onChange={(e) => onChange(e.target.value)} required aria-invalid={Boolean(problem)}>
        <option value="">
          {pending
            ? "Loading timeslots…"
            : slots.length
              ? "Choose a timeslot"
              : "No free timeslots in the next 14 days"}
        </option>
        {slots.map((s) => (
          <option key={s.id} value={s.id}>
            {formatLocalDate(s.date)} {s.time} · {s.capacity - s.placesTaken} free
          </option>
        ))}
      </select>
    </FormField>
  );
}
