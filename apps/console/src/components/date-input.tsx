"use client";

import { useState } from "react";

/**
 * A date field whose value lives in the address bar. The URL changes a moment after the
 * keystroke (a router transition), so the field keeps what is typed meanwhile instead of
 * snapping back, and follows the URL when it changes from elsewhere (a preset, back button).
 */
export function DateInput({
  value,
  onCommit,
  ...rest
}: { value: string; onCommit: (value: string) => void } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange" | "type"
>) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return (
    <input
      {...rest}
      type="date"
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        onCommit(e.target.value);
      }}
    />
  );
}
