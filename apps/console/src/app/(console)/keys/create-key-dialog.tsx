"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { TextField } from "../../../components/text-field";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";

const SCOPES = [
  { value: "ota", label: "ota", help: "Book and read availability for one partner" },
  { value: "usage:write", label: "usage:write", help: "Record usage" },
  { value: "usage:read", label: "usage:read", help: "Read usage summaries" },
] as const;
type Scope = (typeof SCOPES)[number]["value"];

/** Creates a key and shows its secret once, with a copy button: only its hash is kept. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const partners = trpc.console.bookings.filterOptions.useQuery(undefined, { enabled: open, staleTime: 300_000 });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["ota"]);
  const [partner, setPartner] = useState("");
  const [expiry, setExpiry] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.console.keys.create.useMutation({
    onSuccess: (result) => {
      setSecret(result.key);
      void utils.console.keys.list.invalidate();
      toast.success(`Key ${result.apiKey.prefix} created`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  const problems = fieldProblems(create.error);
  const needsPartner = scopes.includes("ota");

  const close = () => {
    setSecret(null);
    setName("");
    setScopes(["ota"]);
    setPartner("");
    setExpiry("");
    create.reset();
    onClose();
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate({
      name,
      scopes,
      partner: needsPartner ? partner || undefined : undefined,
      expiresInDays: expiry ? Number(expiry) : undefined,
    });
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Key copied");
    } catch {
      toast.error("Copying is blocked here: select the key and copy it by hand");
    }
  };

  if (secret) {
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Your new API key"
        footer={
          <button type="button" className="primary" onClick={close}>
            Done
          </button>
        }
      >
        <p className="notice" style={{ margin: 0 }}>
          Copy the key now: it is shown only this once. Send it as <code>Authorization: Bearer …</code>.
        </p>
        <div className="secret">
          <span data-testid="new-key" style={{ flex: 1 }}>
            {secret}
          </span>
          <button type="button" className="small" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create an API key"
      footer={
        <>
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="create-key" className="primary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </button>
        </>
      }
    >
      <form id="create-key" onSubmit={submit} className="stack" style={{ gap: 12 }}>
        <TextField
          label="Name"
          value={name}
          onValueChange={setName}
          placeholder="e.g. Acme Travel production"
          maxLength={200}
        />
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((s) => (
            <label key={s.value} className="check">
              <input
                type="checkbox"
                checked={scopes.includes(s.value)}
                onChange={(e) =>
                  setScopes(e.target.checked ? [...scopes, s.value] : scopes.filter((x) => x !== s.value))
                }
              />
              <span>
                <code>{s.label}</code> <span className="muted small">{s.help}</span>
              </span>
            </label>
          ))}
          {problems.scopes && <p className="field-error">{problems.scopes}</p>}
        </fieldset>
        {needsPartner && (
          <label className="field">
            Partner
            <select
              value={partner}
              onChange={(e) => setPartner(e.target.value)}
              aria-invalid={Boolean(problems.partner)}
              required
            >
              <option value="">Choose the partner this key sells for</option>
              {partners.data?.partners.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
            {problems.partner && <span className="field-error">{problems.partner}</span>}
          </label>
        )}
        <label className="field">
          Expires
          <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            <option value="">Never</option>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
          </select>
        </label>
      </form>
    </Dialog>
  );
}
