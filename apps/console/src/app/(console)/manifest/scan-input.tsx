"use client";

import { useRef, useState } from "react";

/**
 * A ticket code typed by hand or by a scanner (which types the code and presses Enter): each
 * submitted code is handed over trimmed and the field clears itself, keeping the focus for
 * the next guest.
 */
export function ScanInput({ onScan, busy = false }: { onScan: (code: string) => void; busy?: boolean }) {
  const [value, setValue] = useState("");
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="scan-input"
      onSubmit={(e) => {
        e.preventDefault();
        const code = value.trim();
        setValue("");
        input.current?.focus();
        if (code) onScan(code);
      }}
    >
      <label className="field">
        Ticket code
        <input
          ref={input}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Scan or type a code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          enterKeyHint="go"
        />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        Check in
      </button>
    </form>
  );
}
