"use client";

import { keepPreviousData } from "@tanstack/react-query";
import Link from "next/link";

import { EmailStatusBadge } from "../../../components/badges";
import { Pager } from "../../../components/pager";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatInstant, humanize } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc, type RouterInputs } from "../../../lib/trpc";
import { numberParam, useUrlState } from "../../../lib/use-url-state";

type Input = RouterInputs["console"]["outbox"]["list"];
const STATUSES = [undefined, "QUEUED", "SENT", "FAILED"] as const;

export function OutboxView() {
  const url = useUrlState();
  const status = url.get("status") as Input["status"];
  const kind = url.get("kind") as Input["kind"];
  const page = numberParam(url.get("page")) ?? 1;
  const list = trpc.console.outbox.list.useQuery(
    { status, kind, page, pageSize: 25 },
    { placeholderData: keepPreviousData, refetchInterval: 10_000 },
  );
  const counts = list.data?.counts;
  return (
    <section className="card" aria-busy={list.isFetching}>
      <div className="filters">
        <div className="field" role="group" aria-label="Status">
          <span aria-hidden="true">Status</span>
          <div className="segmented">
            {STATUSES.map((s) => (
              <button
                key={s ?? "all"}
                type="button"
                aria-pressed={status === s}
                onClick={() => url.set({ status: s, page: undefined })}
              >
                {s ? humanize(s) : "All"}
                {counts && (
                  <span className="muted num"> {s ? counts[s] : counts.QUEUED + counts.SENT + counts.FAILED}</span>
                )}
              </button>
            ))}
          </div>
        </div>
        <label className="field">
          Kind
          <select value={kind ?? ""} onChange={(e) => url.set({ kind: e.target.value, page: undefined })}>
            <option value="">Every kind</option>
            <option value="BOOKING_CONFIRMATION">Booking confirmation</option>
            <option value="BOOKING_REMINDER">Booking reminder</option>
            <option value="WAITLIST_NOTIFICATION">Waitlist notification</option>
            <option value="USAGE_THRESHOLD">Usage threshold</option>
            <option value="WEBHOOK_DISABLED">Webhook disabled</option>
          </select>
        </label>
      </div>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Kind</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Sent</th>
              <th scope="col">Booking</th>
            </tr>
          </thead>
          {list.isPending ? (
            <SkeletonRows rows={10} columns={7} />
          ) : (
            <tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {list.data?.rows.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">{formatInstant(e.createdAt)}</td>
                  <td className="nowrap">{humanize(e.kind)}</td>
                  <td>{e.to}</td>
                  <td>{e.subject}</td>
                  <td>
                    <EmailStatusBadge status={e.status} />
                    {e.status !== "SENT" && e.attempts > 0 && (
                      <div className="small muted" title={e.lastError ?? undefined}>
                        {e.attempts} attempt{e.attempts === 1 ? "" : "s"}
                      </div>
                    )}
                  </td>
                  <td className="nowrap">
                    {e.sentAt ? (
                      formatInstant(e.sentAt)
                    ) : e.status === "QUEUED" ? (
                      <span className="muted">Due {formatInstant(e.sendAfter)}</span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    {e.bookingReference ? (
                      <Link href={`/bookings/${e.bookingReference}`} className="mono">
                        {e.bookingReference}
                      </Link>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {list.isPending && <Loading label="Loading e-mails" />}
      {list.error && <ErrorState message={problemMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.data?.total === 0 && <EmptyState title="No e-mails here" />}
      {list.data && list.data.total > 0 && (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          noun="e-mail"
          onPage={(p) => url.set({ page: p })}
        />
      )}
    </section>
  );
}
