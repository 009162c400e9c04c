"use client";

import type { SyntheticEvent } from "react";

import { EditActions } from "../../../components/edit-actions";
import { TextField } from "../../../components/form-field";
import type { MeterForm } from "../../../lib/meter-form";
import { ThresholdRows } from "./threshold-rows";

/** Defines a meter or edits one; the meter's name is read-only while editing. */
export function MeterDefinitionForm({
  form,
  onChange,
  editing,
  problems,
  canSave,
  onSubmit,
  onCancel,
}: {
  form: MeterForm;
  onChange: (form: MeterForm) => void;
  editing: boolean;
  problems: Record<string, string>;
  canSave: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const set = (key: "meter" | "unit" | "description") => (value: string) => onChange({ ...form, [key]: value });
  return (
    <form className="card-body stack" style={{ gap: 12 }} onSubmit={submit} aria-label="Meter definition">
      <div className="grid-2" style={{ gap: 12 }}>
        <TextField
          label="Meter"
          name="meter"
          value={form.meter}
          onValueChange={set("meter")}
          problem={problems.Meter}
          required
          readOnly={editing}
          maxLength={100}
        />
        <TextField
          label="Unit (GB, calls, SMS…)"
          name="unit"
          value={form.unit}
          onValueChange={set("unit")}
          problem={problems.Unit}
          maxLength={20}
        />
      </div>
      <TextField
        label="Description"
        name="description"
        value={form.description}
        onValueChange={set("description")}
        problem={problems.Description}
        maxLength={500}
      />
      <ThresholdRows
        rows={form.thresholds}
        problems={problems}
        onChange={(thresholds) => onChange({ ...form, thresholds })}
      />
      <EditActions
        editing={editing}
        addLabel="Define meter"
        saveLabel="Save definition"
        disabled={!canSave}
        onCancel={onCancel}
      />
    </form>
  );
}
