"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { CheckList, FormField, PartnerSelect, TextField } from "../../../components/form-field";
import { SecretOnceDialog } from "../../../components/secret-once-dialog";
import { fieldProblems, problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";

const SCOPES = [
  { value: "ota", help: "Book and read availability for one partner" },
  { value: "usage:write", help: "Record usage" },
  { value: "usage:read", help: "Read usage summaries" },
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

  if (secret) {
    return (
      <SecretOnceDialog
        open={open}
        onClose={close}
        title="Your new API key"
        secret={secret}
        noun="key"
        testId="new-key"
      >
        Copy the key now: it is shown only this once. Send it as <code>Authorization: Bearer …</code>.
      </SecretOnceDialog>
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
          problem={problems.name}
        />
        <CheckList legend="Scopes" options={SCOPES} selected={scopes} onChange={setScopes} problem={problems.scopes} />
        {needsPartner && (
          <PartnerSelect
            value={partner}
            onValueChange={setPartner}
            partners={partners.data?.partners}
            placeholder="Choose the partner this key sells for"
            problem={problems.partner}
          />
        )}
        <FormField label="Expires" problem={problems.expiresInDays}>
          <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            <option value="">Never</option>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
          </select>
        </FormField>
      </form>
    </Dialog>
  );
}
