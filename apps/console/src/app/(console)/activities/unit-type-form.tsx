"use client";

import type { SyntheticEvent } from "react";

import { EditActions } from "../../../components/edit-actions";
import { TextField } from "../../../components/form-field";

export const EMPTY_UNIT_FORM = { unitId: "", label: "", minAge: "", maxAge: "", price: "" };
export type UnitForm = typeof EMPTY_UNIT_FORM;

/** Adds a unit type or edits one; the unit's ID is read-only while editing. */
export function UnitTypeForm({
  form,
  onChange,
  editing,
  problems,
  priceValid,
  saving,
  onSubmit,
  onCancel,
}: {
  form: UnitForm;
  onChange: (form: UnitForm) => void;
  editing: boolean;
  problems: Record<string, string>;
  priceValid: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const bind = (key: keyof UnitForm) => ({
    name: key,
    value: form[key],
    onValueChange: (value: string) => onChange({ ...form, [key]: value }),
    problem: problems[key],
  });
  // The form takes a price as typed; the procedure's field is its amount in minor units.
  const priceProblem =
    problems.priceAmount ?? (form.price !== "" && !priceValid ? "A price is an amount such as 45 or 45.50" : undefined);
  return (
    <form className="card-body stack" style={{ gap: 12 }} onSubmit={submit} aria-label="Unit type">
      <div className="grid-2" style={{ gap: 12 }}>
        <TextField label="ID (adult, child, senior…)" {...bind("unitId")} required readOnly={editing} maxLength={32} />
        <TextField label="Label" {...bind("label")} required maxLength={100} />
        <TextField label="Minimum age" {...bind("minAge")} type="number" min={0} max={150} />
        <TextField label="Maximum age" {...bind("maxAge")} type="number" min={0} max={150} />
        <TextField
          label="Price per place"
          {...bind("price")}
          problem={priceProblem}
          required
          inputMode="decimal"
          placeholder="45.00"
        />
      </div>
      <EditActions
        editing={editing}
        addLabel="Add unit type"
        saveLabel="Save unit type"
        disabled={saving || !priceValid}
        onCancel={onCancel}
      />
    </form>
  );
}
