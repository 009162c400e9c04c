"use client";

import { useState } from "react";
import { toast } from "sonner";

import { ConfirmDeleteList, type Column } from "../../../components/confirm-delete-list";
import { PageHead } from "../../../components/page-head";
import { EmptyState } from "../../../components/states";
import { formatInstant } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { CreateKeyDialog } from "./create-key-dialog";

type ApiKey = RouterOutputs["console"]["keys"]["list"][number];

const STATE_BADGE = { active: "ok", expired: "warn", revoked: "bad" } as const;
const never = <span className="muted">Never</span>;

const COLUMNS: Column<ApiKey>[] = [
  {
    header: "Key",
    cell: (k) => (
      <>
        <div className="mono">{k.prefix}…</div>
        {k.name && <div className="muted small">{k.name}</div>}
      </>
    ),
  },
  { header: "Partner", cell: (k) => k.partner?.name ?? <span className="muted">—</span> },
  {
    header: "Scopes",
    cell: (k) => (
      <div className="row" style={{ gap: 4 }}>
        {k.scopes.map((s) => (
          <span key={s} className="badge">
            {s}
          </span>
        ))}
      </div>
    ),
  },
  { header: "Created", className: "nowrap", cell: (k) => formatInstant(k.createdAt) },
  { header: "Last used", className: "nowrap", cell: (k) => (k.lastUsedAt ? formatInstant(k.lastUsedAt) : never) },
  { header: "Expires", className: "nowrap", cell: (k) => (k.expiresAt ? formatInstant(k.expiresAt) : never) },
  { header: "State", cell: (k) => <span className={`badge ${STATE_BADGE[k.state]}`}>{k.state}</span> },
];

export function KeysView() {
  const utils = trpc.useUtils();
  const keys = trpc.console.keys.list.useQuery();
  const [creating, setCreating] = useState(false);
  const revoke = trpc.console.keys.revoke.useMutation({
    onSuccess: (result) => {
      void utils.console.keys.list.invalidate();
      toast.success(`Key ${result.prefix} revoked: it stops working now`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  return (
    <>
      <PageHead
        title="API keys"
        description="Keys for partners' integrations and for your services that record usage."
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            Create key
          </button>
        }
      />
      <section className="card">
        <ConfirmDeleteList
          caption="API keys"
          query={keys}
          rowKey={(k) => k.prefix}
          rowProps={(k) => ({ "data-prefix": k.prefix })}
          columns={COLUMNS}
          canRemove={(k) => k.state !== "revoked"}
          words={{
            action: "Revoke",
            label: (k) => `Revoke key ${k.prefix}`,
            title: (k) => `Revoke key ${k.prefix}?`,
            body: () => "Requests with this key are refused from now on (401). This cannot be undone.",
            keep: "Keep key",
            confirm: "Revoke key",
            pending: "Revoking…",
          }}
          onRemove={(k, done) => revoke.mutate({ prefix: k.prefix }, { onSettled: done })}
          removing={revoke.isPending}
          empty={<EmptyState title="No API keys yet">Create one for each partner integration.</EmptyState>}
        />
      </section>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
