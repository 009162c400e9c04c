import type { InputHTMLAttributes, ReactNode } from "react";

/** A text input under its label, its value held by the caller as a string. */
export function TextField({
  label,
  value,
  onValueChange,
  ...rest
}: { label: ReactNode; value: string; onValueChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange"
>) {
  return (
    <label className="field">
      {label}
      <input {...rest} value={value} onChange={(e) => onValueChange(e.target.value)} />
    </label>
  );
}
