"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Dialog } from "../../../components/confirm-dialog";
import { PageHead } from "../../../components/page-head";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatInstant } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeliveriesCard } from "./deliveries-card";

export function WebhooksView() {
  const utils = trpc.useUtils();
  const endpoints = trpc.console.webhooks.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; url: string } | null>(null);
  const remove = trpc.console.webhooks.delete.useMutation({
    onSuccess: () => {
      void utils.console.webhooks.list.invalidate();
      toast.success("Endpoint deleted: nothing more is sent to it");
      setDeleting(null);
    },
    onError: (error) => {
      toast.error(problemMessage(error));
      setDeleting(null);
    },
  });
  return (
    <>
      <PageHead
        title="Webhooks"
        description="Signed notices to partners' endpoints when their bookings or your availability change."
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            Add endpoint
          </button>
        }
      />
      <section className="card" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {endpoints.isPending ? (
              <SkeletonRows rows={3} columns={5} />
            ) : (
              <tbody>
                {endpoints.data?.map((e) => (
                  <tr key={e.id} data-endpoint={e.id}>
                    <td>{e.partner.name}</td>
                    <td className="mono">{e.url}</td>
                    <td>
                      <div className="row" style={{ gap: 4 }}>
                        {e.events.map((type) => (
                          <span key={type} className="badge">
                            {type}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td className="nowrap">{formatInstant(e.createdAt)}</td>
                    <td className="right">
                      <button
                        type="button"
                        className="small danger-outline"
                        onClick={() => setDeleting({ id: e.id, url: e.url })}
                        aria-label={`Delete endpoint ${e.url}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
        {endpoints.isPending && <Loading label="Loading endpoints" />}
        {endpoints.error && (
          <ErrorState message={problemMessage(endpoints.error)} onRetry={() => void endpoints.refetch()} />
        )}
        {endpoints.data?.length === 0 && (
          <EmptyState title="No endpoints yet">Add one for each partner that wants to be told.</EmptyState>
        )}
      </section>
      <DeliveriesCard />
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this endpoint?"
        footer={
          <>
            <button type="button" onClick={() => setDeleting(null)}>
              Keep endpoint
            </button>
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => deleting && remove.mutate({ id: deleting.id })}
            >
              {remove.isPending ? "Deleting…" : "Delete endpoint"}
            </button>
          </>
        }
      >
        <p style={{ margin: 0 }}>
          Nothing more is sent to <code>{deleting?.url}</code>, including deliveries still waiting; the log stays.
        </p>
      </Dialog>
    </>
  );
}
