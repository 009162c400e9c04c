"use client";

import { FormField, TextField } from "../../../components/form-field";
import type { DetailsForm } from "../../../lib/activity-form";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");

/**
 * The activity's details, each field bounded as the API bounds it and showing the API's error
 * beside it (problems keyed by the API's field names).
 */
export function DetailsFields({
  form,
  onChange,
  problems,
}: {
  form: DetailsForm;
  onChange: (form: DetailsForm) => void;
  problems: Record<string, string>;
}) {
  const bind = (key: keyof DetailsForm, field: string) => ({
    name: field,
    value: form[key],
    onValueChange: (value: string) => onChange({ ...form, [key]: value }),
    problem: problems[field],
  });
  return (
    <div className="stack" style={{ gap: 12 }}>
      <TextField label="Name" {...bind("name", "Name")} required maxLength={200} />
      <FormField label="Description" problem={problems.Description}>
        <textarea
          name="Description"
          value={form.description}
          onChange={(e) => onChange({ ...form, description: e.target.value })}
          maxLength={5000}
          rows={3}
          aria-invalid={problems.Description ? true : undefined}
        />
      </FormField>
      <div className="grid-2" style={{ gap: 12 }}>
        <TextField
          label="Time zone"
          {...bind("timeZone", "TimeZone")}
          list="time-zones"
          placeholder="Europe/Lisbon"
          required
        />
        <datalist id="time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <TextField
          label="Currency"
          {...bind("currency", "Currency")}
          required
          minLength={3}
          maxLength={3}
          placeholder="EUR"
        />
        <TextField
          label="Duration (minutes)"
          {...bind("durationMinutes", "DurationMinutes")}
          type="number"
          min={5}
          max={1440}
          required
        />
        <TextField
          label="Most places per booking"
          {...bind("maxParticipants", "MaxParticipants")}
          type="number"
          min={1}
          max={1000}
          required
        />
        <TextField
          label="Sales close (minutes before the start)"
          {...bind("bookingCutoffMinutes", "BookingCutoffMinutes")}
          type="number"
          min={0}
          max={10080}
          required
        />
        <TextField label="Meeting point" {...bind("location", "Location")} maxLength={300} />
      </div>
    </div>
  );
}
