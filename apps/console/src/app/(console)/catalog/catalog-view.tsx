"use client";

import Link from "next/link";
import { useState } from "react";

import { Card } from "../../../components/card";
import { PageHead } from "../../../components/page-head";
import { EmptyState, ErrorState, Loading, SkeletonRows } from "../../../components/states";
import { formatMoney } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { ArchiveButton } from "./archive-button";
import { NewActivityDialog } from "./new-activity-dialog";

/** Every activity of the operator, archived ones too, with the way to a new one. */
export function CatalogView() {
  const activities = trpc.catalog.activities.useQuery({});
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHead
        title="Catalogue"
        description="Your activities as partners see them: details, prices, questions, who may sell them and when they run."
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New activity
          </button>
        }
      />
      <Card id="catalog-heading" title="Activities" flush>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Activities</caption>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Time zone</th>
                <th scope="col" className="num">
                  Duration
                </th>
                <th scope="col" className="num">
                  From
                </th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {activities.isPending ? (
              <SkeletonRows rows={4} columns={6} />
            ) : (
              <tbody>
                {activities.data?.data.map((a) => {
                  const cheapest = Math.min(...a.Units.map((u) => u.Price.Amount));
                  return (
                    <tr key={a.ActivityID} className={a.Active ? undefined : "muted"}>
                      <td>
                        <Link href={`/catalog/${a.ActivityID}`}>{a.Name}</Link>{" "}
                        <span className="mono small muted">{a.ActivityID}</span>
                      </td>
                      <td>{a.TimeZone}</td>
                      <td className="num">{a.DurationMinutes} min</td>
                      <td className="num">{a.Units.length > 0 ? formatMoney(cheapest, a.Currency) : "—"}</td>
                      <td>
                        <span className={`badge ${a.Active ? "ok" : "warn"}`}>{a.Active ? "On sale" : "Archived"}</span>
                      </td>
                      <td className="right">
                        <ArchiveButton activityId={a.ActivityID} name={a.Name} active={a.Active} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            )}
          </table>
        </div>
        {activities.isPending && <Loading label="Loading activities" />}
        {activities.error && (
          <ErrorState message={problemMessage(activities.error)} onRetry={() => void activities.refetch()} />
        )}
        {activities.data?.data.length === 0 && (
          <EmptyState title="No activities yet">Create one to start selling.</EmptyState>
        )}
      </Card>
      <NewActivityDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
