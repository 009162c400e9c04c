"use client";

import { toast } from "sonner";

import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatInstant } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";

const STATUS_BADGE = { delivered: "ok", pending: "warn", failed: "bad", cancelled: "" } as const;

/** The latest deliveries, each with what its receiver last answered and how fast. */
export function DeliveriesCard() {
  const utils = trpc.useUtils();
  const deliveries = trpc.console.webhooks.deliveries.useQuery(undefined, { refetchInterval: 5_000 });
  const redeliver = trpc.console.webhooks.redeliver.useMutation({
    onSuccess: () => {
      void utils.console.webhooks.deliveries.invalidate();
      toast.success("Sending it again now, with the same event ID");
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  return (
    <section className="card" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Recent deliveries</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Last answer</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {deliveries.isPending ? (
            <SkeletonRows rows={5} columns={6} />
          ) : (
            <tbody>
              {deliveries.data?.map((d) => (
                <tr key={d.id} data-delivery={d.id}>
                  <td>
                    <div>
                      <code>{d.type}</code>
                    </div>
                    <div className="mono muted small">{d.eventId}</div>
                  </td>
                  <td>
                    <div>{d.endpoint.partner}</div>
                    <div className="muted small">{d.endpoint.url}</div>
                  </td>
                  <td className="nowrap">{formatInstant(d.createdAt)}</td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[d.status]}`}>{d.status}</span>
                    <div className="muted small">
                      {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                      {d.nextAttemptAt && d.attempts > 0 ? `, next ${formatInstant(d.nextAttemptAt)}` : ""}
                    </div>
                  </td>
                  <td>
                    {d.lastAttempt ? (
                      <>
                        <div className="nowrap">
                          {d.lastAttempt.statusCode ?? "no answer"} in {d.lastAttempt.durationMs} ms
                        </div>
                        {d.lastAttempt.error && <div className="muted small">{d.lastAttempt.error}</div>}
                      </>
                    ) : (
                      <span className="muted">Not tried yet</span>
                    )}
                  </td>
                  <td className="right">
                    <button
                      type="button"
                      className="small"
                      disabled={redeliver.isPending}
                      onClick={() => redeliver.mutate({ deliveryId: d.id })}
                      aria-label={`Redeliver ${d.eventId} to ${d.endpoint.url}`}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {deliveries.isPending && <Loading label="Loading deliveries" />}
      {deliveries.error && (
        <ErrorState message={problemMessage(deliveries.error)} onRetry={() => void deliveries.refetch()} />
      )}
      {deliveries.data?.length === 0 && (
        <EmptyState title="Nothing sent yet">Deliveries appear here as bookings and availability change.</EmptyState>
      )}
    </section>
  );
}
