"use client";

import { toast } from "sonner";

import { ConfirmDeleteList, type Column } from "../../../../components/confirm-delete-list";
import { EmptyState } from "../../../../components/states";
import { formatLocalDate } from "../../../../lib/format";
import { problemMessage } from "../../../../lib/problem";
import { trpc, type RouterOutputs } from "../../../../lib/trpc";
import { useRefreshSchedules } from "./use-refresh-schedules";

type Schedule = RouterOutputs["catalog"]["schedules"]["data"][number];

const COLUMNS: Column<Schedule>[] = [
  {
    header: "Dates",
    cell: (s) => `${formatLocalDate(s.StartDate)} – ${s.EndDate ? formatLocalDate(s.EndDate) : "open-ended"}`,
  },
  { header: "Days", cell: (s) => s.Weekdays.join(" ") },
  { header: "Times", className: "mono", cell: (s) => s.Times.join(", ") },
  { header: "Places", className: "num", cell: (s) => s.Capacity },
  { header: "Timeslots until", className: "nowrap", cell: (s) => formatLocalDate(s.MaterialisedUntil) },
];

/** The activity's schedules, each deleted only once confirmed; booked timeslots outlive it. */
export function ScheduleList({ ActivityID }: { ActivityID: string }) {
  const schedules = trpc.catalog.schedules.useQuery({ ActivityID });
  const refresh = useRefreshSchedules(ActivityID);
  const remove = trpc.catalog.deleteSchedule.useMutation({
    onSuccess: (result) => {
      refresh();
      const kept = result.data.Kept.length;
      toast.success(
        kept === 0 ? "Schedule deleted" : `Schedule deleted; ${kept} booked timeslots are kept as one-offs`,
      );
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  return (
    <ConfirmDeleteList
      caption="Schedules of this activity"
      query={{ ...schedules, data: schedules.data?.data }}
      rowKey={(s) => s.ID}
      columns={COLUMNS}
      words={{
        action: "Delete",
        label: (s) => `Delete schedule ${s.ID}`,
        title: () => "Delete this schedule?",
        body: () => "Its future timeslots without bookings go; those holding bookings stay, so no booking is lost.",
        keep: "Keep it",
        confirm: "Delete schedule",
        pending: "Deleting…",
      }}
      onRemove={(s, done) => remove.mutate({ ActivityID, ID: s.ID }, { onSettled: done })}
      removing={remove.isPending}
      empty={<EmptyState title="No schedules: the activity has only one-off timeslots" />}
    />
  );
}
