"use client";

import { useState } from "react";
import { toast } from "sonner";

import { ConfirmDeleteList, type Column } from "../../../components/confirm-delete-list";
import { PageHead } from "../../../components/page-head";
import { EmptyState } from "../../../components/states";
import { formatInstant } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../lib/trpc";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeliveriesCard } from "./deliveries-card";

type Endpoint = RouterOutputs["console"]["webhooks"]["list"][number];

const COLUMNS: Column<Endpoint>[] = [
  { header: "Partner", cell: (e) => e.partner.name },
  { header: "URL", className: "mono", cell: (e) => e.url },
  {
    header: "Events",
    cell: (e) => (
      <div className="row" style={{ gap: 4 }}>
        {e.events.map((type) => (
          <span key={type} className="badge">
            {type}
          </span>
        ))}
      </div>
    ),
  },
  {
    header: "Status",
    className: "nowrap",
    cell: (e) =>
      e.disabledAt ? (
        <span
          className="badge bad"
          title={`Failed every attempt from ${formatInstant(e.failingSince ?? e.disabledAt)}; disabled ${formatInstant(e.disabledAt)}`}
        >
          Disabled
        </span>
      ) : e.failingSince ? (
        <span className="badge warn" title={`Failing since ${formatInstant(e.failingSince)}`}>
          Failing
        </span>
      ) : (
        <span className="badge ok">Active</span>
      ),
  },
  { header: "Created", className: "nowrap", cell: (e) => formatInstant(e.createdAt) },
];

export function WebhooksView() {
  const utils = trpc.useUtils();
  const endpoints = trpc.console.webhooks.list.useQuery();
  const [creating, setCreating] = useState(false);
  const remove = trpc.console.webhooks.delete.useMutation({
    onSuccess: () => {
      void utils.console.webhooks.list.invalidate();
      toast.success("Endpoint deleted: nothing more is sent to it");
    },
    onError: (error) => toast.error(problemMessage(error)),
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
        <ConfirmDeleteList
          caption="Endpoints"
          query={endpoints}
          rowKey={(e) => e.id}
          rowProps={(e) => ({ "data-endpoint": e.id })}
          columns={COLUMNS}
          words={{
            action: "Delete",
            label: (e) => `Delete endpoint ${e.url}`,
            title: () => "Delete this endpoint?",
            body: (e) => (
              <>
                Nothing more is sent to <code>{e.url}</code>, including deliveries still waiting; the log stays.
              </>
            ),
            keep: "Keep endpoint",
            confirm: "Delete endpoint",
            pending: "Deleting…",
          }}
          onRemove={(e, done) => remove.mutate({ id: e.id }, { onSettled: done })}
          removing={remove.isPending}
          empty={<EmptyState title="No endpoints yet">Add one for each partner that wants to be told.</EmptyState>}
        />
      </section>
      <DeliveriesCard />
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
