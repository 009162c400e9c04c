import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * A labelled control with the API's error for its field beside it, so every form shows a
 * refused field the same way and marks it for assistive technology.
 */
export function FormField({ label, problem, children }: { label: ReactNode; problem?: string; children: ReactNode }) {
  return (
    <label className="field">
      {label}
      {children}
      {problem && <span className="field-error">{problem}</span>}
    </label>
  );
}

/** A text input in a FormField, its value held by the caller as a string. */
export function TextField({
  label,
  value,
  onValueChange,
  problem,
  ...rest
}: { label: ReactNode; value: string; onValueChange: (value: string) => void; problem?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange"
>) {
  return (
    <FormField label={label} problem={problem}>
      <input
        {...rest}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
      />
    </FormField>
  );
}

/** A select of the operator's partners, for forms that bind something to one partner. */
export function PartnerSelect({
  value,
  onValueChange,
  partners,
  placeholder,
  problem,
}: {
  value: string;
  onValueChange: (value: string) => void;
  partners: { slug: string; name: string }[] | undefined;
  placeholder: string;
  problem?: string;
}) {
  return (
    <FormField label="Partner" problem={problem}>
      <select value={value} onChange={(e) => onValueChange(e.target.value)} aria-invalid={Boolean(problem)} required>
        <option value="">{placeholder}</option>
        {partners?.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** Checkboxes choosing a subset of fixed values, each with a line of help. */
export function CheckList<T extends string>({
  legend,
  options,
  selected,
  onChange,
  problem,
}: {
  legend: string;
  options: readonly { value: T; help: string }[];
  selected: T[];
  onChange: (selected: T[]) => void;
  problem?: string;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="check">
          <input
            type="checkbox"
            checked={selected.includes(o.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...selected, o.value] : selected.filter((x) => x !== o.value))
            }
          />
          <span>
            <code>{o.value}</code> <span className="muted small">{o.help}</span>
          </span>
        </label>
      ))}
      {problem && <p className="field-error">{problem}</p>}
    </fieldset>
  );
}
