"use client";

import Link from "next/link";
import { useState } from "react";

import { addDays } from "@slotwise/core/plain-dates";

import { EmptyState, ErrorState, Loading, SkeletonBlock } from "../../../components/states";
import { formatLocalDate, formatMoney } from "../../../lib/format";
import { problemMessage } from "../../../lib/problem";
import { trpc } from "../../../lib/trpc";
import { numberParam, useUrlState } from "../../../lib/use-url-state";
import { AvailabilityGrid } from "./availability-grid";
import { EditSlotDialog, type Slot } from "./edit-slot-dialog";
import { UnitTypesCard } from "./unit-types-card";

export function ActivitiesView() {
  const url = useUrlState();
  const activities = trpc.console.activities.list.useQuery();
  const chosen = numberParam(url.get("activity")) ?? activities.data?.[0]?.id;
  const from = url.get("from");
  const grid = trpc.console.activities.grid.useQuery(
    { productId: chosen ?? 0, from },
    { enabled: chosen !== undefined },
  );
  const [editing, setEditing] = useState<Slot | null>(null);
  const chosenActivity = activities.data?.find((a) => a.id === chosen);

  if (activities.error)
    return <ErrorState message={problemMessage(activities.error)} onRetry={() => void activities.refetch()} />;
  return (
    <div className="stack">
      <nav className="card activity-list" aria-label="Activities">
        {activities.isPending && <SkeletonBlock height={320} />}
        {activities.data?.map((a) => (
          <Link key={a.id} href={`/activities?activity=${a.id}`} aria-current={a.id === chosen ? "true" : undefined}>
            <strong>{a.name}</strong>
            <span className="muted small">
              {a.durationMinutes} min · {formatMoney(a.priceAmount, a.currency)} · up to {a.maxParticipants}
              {a.active ? "" : " · inactive"}
            </span>
          </Link>
        ))}
        {activities.data?.length === 0 && <EmptyState title="No activities yet" />}
      </nav>
      <section className="card" aria-labelledby="grid-heading" aria-busy={grid.isFetching}>
        <div className="card-head">
          <h2 id="grid-heading">{grid.data ? grid.data.activity.name : "Availability"}</h2>
          {grid.data && (
            <div className="row">
              <button
                type="button"
                className="small"
                onClick={() => url.set({ from: addDays(grid.data.from, -14) })}
                aria-label="Previous 14 days"
              >
                ←
              </button>
              <span className="small nowrap">
                {formatLocalDate(grid.data.days[0] ?? grid.data.from)} –{" "}
                {formatLocalDate(grid.data.days.at(-1) ?? grid.data.from)}
              </span>
              <button
                type="button"
                className="small"
                onClick={() => url.set({ from: addDays(grid.data.from, 14) })}
                aria-label="Next 14 days"
              >
                →
              </button>
              <button type="button" className="small" onClick={() => url.set({ from: undefined })}>
                Today
              </button>
              {chosenActivity && (
                <Link className="button small" href={`/catalog/${chosenActivity.activityId}`}>
                  Edit activity
                </Link>
              )}
            </div>
          )}
        </div>
        {grid.isPending && (
          <div className="card-body">
            <Loading label="Loading timeslots" />
            <SkeletonBlock height={360} />
          </div>
        )}
        {grid.error && <ErrorState message={problemMessage(grid.error)} onRetry={() => void grid.refetch()} />}
        {grid.data && grid.data.slots.length === 0 && <EmptyState title="No timeslots in these 14 days" />}
        {grid.data && grid.data.slots.length > 0 && (
          <div className="card-body">
            <p className="muted small" style={{ marginTop: 0 }}>
              Times in {grid.data.activity.timeZone}.
            </p>
            <AvailabilityGrid days={grid.data.days} slots={grid.data.slots} onSelect={setEditing} />
          </div>
        )}
      </section>
      {chosen !== undefined && <UnitTypesCard key={chosen} productId={chosen} />}
      {editing && <EditSlotDialog key={editing.id} slot={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
