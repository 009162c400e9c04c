"use client";

import type { ReactNode } from "react";
import { toast } from "sonner";

import { Dialog } from "./confirm-dialog";

/**
 * Shows a secret the server keeps no readable copy of (an API key) or will not list again
 * (a webhook signing secret), with a copy button: closing the dialog is the last chance to
 * take it.
 */
export function SecretOnceDialog({
  open,
  onClose,
  title,
  secret,
  noun,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  secret: string;
  /** What the secret is called in the copy messages: "key", "secret". */
  noun: string;
  testId: string;
  /** Why to copy it now and what to do with it. */
  children: ReactNode;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(`${noun[0]?.toUpperCase()}${noun.slice(1)} copied`);
    } catch {
      toast.error(`Copying is blocked here: select the ${noun} and copy it by hand`);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <button type="button" className="primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="notice" style={{ margin: 0 }}>
        {children}
      </p>
      <div className="secret">
        <span data-testid={testId} style={{ flex: 1 }}>
          {secret}
        </span>
        <button type="button" className="small" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </Dialog>
  );
}
