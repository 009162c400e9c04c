"use client";

import { FormField, TextField } from "../../../components/form-field";
import { thresholdValueOf, type ThresholdPeriod, type ThresholdRow } from "../../../lib/meter-form";

/** The API's limit, so the form never offers an eleventh row. */
const MAX_THRESHOLDS = 10;

/** A meter's thresholds as editable rows: a period and a value each. */
export function ThresholdRows({
  rows,
  problems,
  onChange,
}: {
  rows: ThresholdRow[];
  problems: Record<string, string>;
  onChange: (rows: ThresholdRow[]) => void;
}) {
  const update = (index: number, change: Partial<ThresholdRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="stack" style={{ gap: 8, border: 0, padding: 0, margin: 0 }}>
      <legend>Thresholds</legend>
      {problems.Thresholds && <span className="field-error">{problems.Thresholds}</span>}
      {rows.map((row, i) => {
        const problem =
          problems[`Thresholds[${i}].Value`] ??
          (row.value !== "" && thresholdValueOf(row.value) === null
            ? "A threshold is a number such as 500 or 0.5"
            : undefined);
        return (
          // Each row is named, so its "Per" and "Value" are told apart from the other rows' ones.
          <div key={i} className="row" role="group" aria-label={`Threshold ${i + 1}`}>
            <FormField label="Per">
              <select
                name={`threshold-period-${i}`}
                value={row.period}
                onChange={(e) => update(i, { period: e.target.value as ThresholdPeriod })}
              >
                <option value="day">day</option>
                <option value="month">month</option>
              </select>
            </FormField>
            <TextField
              label="Value"
              name={`threshold-value-${i}`}
              value={row.value}
              inputMode="decimal"
              required
              problem={problem}
              onValueChange={(value) => update(i, { value })}
            />
            <button type="button" className="small" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Remove<span className="visually-hidden"> threshold {i + 1}</span>
            </button>
          </div>
        );
      })}
      {rows.length < MAX_THRESHOLDS && (
        <div>
          <button type="button" className="small" onClick={() => onChange([...rows, { period: "month", value: "" }])}>
            Add threshold
          </button>
        </div>
      )}
    </fieldset>
  );
}
