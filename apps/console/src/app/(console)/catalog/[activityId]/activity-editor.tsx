"use client";

import Link from "next/link";

import { PageHead } from "../../../../components/page-head";
import { ErrorState, Loading, SkeletonBlock } from "../../../../components/states";
import { problemMessage } from "../../../../lib/problem";
import { trpc } from "../../../../lib/trpc";
import { UnitTypesCard } from "../../activities/unit-types-card";
import { ArchiveButton } from "../archive-button";
import { ClosuresCard } from "./closures-card";
import { DetailsCard } from "./details-card";
import { DistributionCard } from "./distribution-card";
import { QuestionsCard } from "./questions-card";
import { SchedulesCard } from "./schedules-card";

/** One activity, every part of it editable: each card saves its own fields. */
export function ActivityEditor({ activityId }: { activityId: string }) {
  const activity = trpc.catalog.activity.useQuery({ ActivityID: activityId });
  if (activity.error)
    return <ErrorState message={problemMessage(activity.error)} onRetry={() => void activity.refetch()} />;
  if (!activity.data)
    return (
      <div className="stack">
        <Loading label="Loading the activity" />
        <SkeletonBlock height={52} />
        <SkeletonBlock height={480} />
      </div>
    );
  const a = activity.data.data;
  return (
    <>
      <PageHead
        title={a.Name}
        description={
          <>
            <span className="mono">{a.ActivityID}</span> · times in {a.TimeZone} ·{" "}
            {a.Active ? "on sale" : "archived: partners do not see it"} · <Link href="/catalog">All activities</Link>
          </>
        }
        actions={<ArchiveButton activityId={a.ActivityID} name={a.Name} active={a.Active} />}
      />
      <div className="stack">
        <DetailsCard key={`details-${a.ActivityID}`} activity={a} />
        <UnitTypesCard productId={a.ID} />
        <QuestionsCard key={`questions-${JSON.stringify(a.Questions)}`} activity={a} />
        <DistributionCard key={`distribution-${JSON.stringify([a.Partners, a.CancellationPolicy])}`} activity={a} />
        <SchedulesCard activity={a} />
        <ClosuresCard activity={a} />
      </div>
    </>
  );
}
