"use client";

import { formatLocalDate } from "../../../../lib/format";
import type { RouterOutputs } from "../../../../lib/trpc";

type Preview = RouterOutputs["catalog"]["previewSchedule"];

/**
 * What the schedule being written would do: its next starts in the activity's zone, its clashes
 * and the starts that exist already. A schedule the API refuses has no preview: the refusal
 * shows as the form's field error.
 */
export function SchedulePreview({ preview, pending }: { preview: Preview | undefined; pending: boolean }) {
  if (!preview) return null;
  return (
    <section className="notice stack" style={{ gap: 8 }} aria-label="Schedule preview" aria-busy={pending}>
      <strong data-testid="preview-count">
        It makes {preview.Created} timeslots now; the rest are added daily up to a year ahead
      </strong>
      {preview.Starts.length > 0 && (
        <div>
          <span className="small muted">Next starts ({preview.TimeZone}):</span>
          <ol className="small" data-testid="preview-starts" style={{ margin: "4px 0 0", columns: 2 }}>
            {preview.Starts.map((s) => (
              <li key={s.StartsAt}>
                {formatLocalDate(s.Date)} <span className="mono">{s.Time}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {preview.Clashes.map((c) => (
        <p key={c.ScheduleID} className="field-error" style={{ margin: 0 }}>
          Clashes with schedule {c.ScheduleID}: both start at {c.Time} on {formatLocalDate(c.Date)}
        </p>
      ))}
      {preview.Existing.length > 0 && (
        <p className="small" style={{ margin: 0 }} data-testid="preview-existing">
          {preview.ExistingCount} of its starts exist already and stay as they are:{" "}
          {preview.Existing.map((e) => `${formatLocalDate(e.Date)} ${e.Time}`).join(", ")}
          {preview.ExistingCount > preview.Existing.length &&
            ` and ${preview.ExistingCount - preview.Existing.length} more`}
        </p>
      )}
    </section>
  );
}
