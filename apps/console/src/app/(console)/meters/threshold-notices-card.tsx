"use client";

import { Card } from "../../../components/card";
import { EmptyState, ErrorState, SkeletonBlock } from "../../../components/states";
import { formatInstant, formatLocalDate, formatUsage } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";

/** The `usage.threshold_crossed` events, newest first; the worker adds them within a minute of a crossing. */
export function ThresholdNoticesCard() {
  const notices = trpc.console.thresholdNotices.list.useQuery(undefined, { refetchInterval: 30_000 });
  return (
    <Card id="notices-heading" title="Thresholds reached" flush>
      {notices.isPending && <SkeletonBlock height={120} />}
      {notices.error && <ErrorState message={problemMessage(notices.error)} onRetry={() => void notices.refetch()} />}
      {notices.data?.length === 0 && (
        <EmptyState title="No threshold reached yet">You are told here and by e-mail when one is.</EmptyState>
      )}
      {notices.data && notices.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Thresholds reached, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Meter</th>
                <th scope="col">Period</th>
                <th scope="col" className="right">
                  Threshold
                </th>
                <th scope="col" className="right">
                  Total then
                </th>
                <th scope="col" className="hide-narrow">
                  Noticed
                </th>
              </tr>
            </thead>
            <tbody>
              {notices.data.map((n) => (
                <tr key={n.id}>
                  <td className="mono">{n.meter}</td>
                  <td>
                    {n.period === "day"
                      ? formatLocalDate(n.periodStart)
                      : formatLocalDate(n.periodStart, { month: "long", year: "numeric" })}{" "}
                    <span className="small muted">({n.timeZone})</span>
                  </td>
                  <td className="right num">{formatUsage(n.threshold, n.unit)}</td>
                  <td className="right num">{formatUsage(n.total, n.unit)}</td>
                  <td className="hide-narrow">{formatInstant(n.noticedAt, n.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
