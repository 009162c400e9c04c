"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { PageHead } from "../../../components/page-head";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatInstant } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { CreateKeyDialog } from "./create-key-dialog";

const STATE_BADGE = { active: "ok", expired: "warn", revoked: "bad" } as const;

export function KeysView() {
  const utils = trpc.useUtils();
  const keys = trpc.console.keys.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const revoke = trpc.console.keys.revoke.useMutation({
    onSuccess: (result) => {
      void utils.console.keys.list.invalidate();
      toast.success(`Key ${result.prefix} revoked: it stops working now`);
      setRevoking(null);
    },
    onError: (error) => {
      toast.error(problemMessage(error));
      setRevoking(null);
    },
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
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Partner</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {keys.isPending ? (
              <SkeletonRows rows={5} columns={8} />
            ) : (
              <tbody>
                {keys.data?.map((k) => (
                  <tr key={k.prefix} data-prefix={k.prefix}>
                    <td>
                      <div className="mono">{k.prefix}…</div>
                      {k.name && <div className="muted small">{k.name}</div>}
                    </td>
                    <td>{k.partner?.name ?? <span className="muted">—</span>}</td>
                    <td>
                      <div className="row" style={{ gap: 4 }}>
                        {k.scopes.map((s) => (
                          <span key={s} className="badge">
                            {s}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td className="nowrap">{formatInstant(k.createdAt)}</td>
                    <td className="nowrap">
                      {k.lastUsedAt ? formatInstant(k.lastUsedAt) : <span className="muted">Never</span>}
                    </td>
                    <td className="nowrap">
                      {k.expiresAt ? formatInstant(k.expiresAt) : <span className="muted">Never</span>}
                    </td>
                    <td>
                      <span className={`badge ${STATE_BADGE[k.state]}`}>{k.state}</span>
                    </td>
                    <td className="right">
                      {k.state !== "revoked" && (
                        <button
                          type="button"
                          className="small danger-outline"
                          onClick={() => setRevoking(k.prefix)}
                          aria-label={`Revoke key ${k.prefix}`}
                        >
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
        {keys.isPending && <Loading label="Loading keys" />}
        {keys.error && <ErrorState message={problemMessage(keys.error)} onRetry={() => void keys.refetch()} />}
        {keys.data?.length === 0 && (
          <EmptyState title="No API keys yet">Create one for each partner integration.</EmptyState>
        )}
      </section>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke key ${revoking ?? ""}?`}
        footer={
          <>
            <button type="button" onClick={() => setRevoking(null)}>
              Keep key
            </button>
            <button
              type="button"
              className="danger"
              disabled={revoke.isPending}
              onClick={() => revoking && revoke.mutate({ prefix: revoking })}
            >
              {revoke.isPending ? "Revoking…" : "Revoke key"}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>Requests with this key are refused from now on (401). This cannot be undone.</p>
      </Dialog>
    </>
  );
}
