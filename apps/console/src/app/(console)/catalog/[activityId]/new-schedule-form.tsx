"use client";

import { useState, type SyntheticEvent } from "react";
import { toast } from "sonner";

import { todayIn } from "@slotwise/core/plain-dates";

import { CheckList, TextField } from "../../../../components/form-field";
import { timesOf, wholeNumberOf } from "../../../../lib/activity-form";
import { fieldProblems, problemMessage, problemStatus } from "../../../../lib/problem";
import { trpc, type RouterInputs } from "../../../../lib/trpc";
import { useDebounced } from "../../../../lib/use-debounced";
import type { Activity } from "./details-card";
import { SchedulePreview } from "./schedule-preview";
import { useRefreshSchedules } from "./use-refresh-schedules";

type Weekday = RouterInputs["catalog"]["createSchedule"]["Weekdays"][number];

const WEEKDAYS: { value: Weekday; help: string }[] = [
  { value: "MO", help: "Monday" },
  { value: "TU", help: "Tuesday" },
  { value: "WE", help: "Wednesday" },
  { value: "TH", help: "Thursday" },
  { value: "FR", help: "Friday" },
  { value: "SA", help: "Saturday" },
  { value: "SU", help: "Sunday" },
];

/**
 * A new schedule, previewed as it is typed (its next starts in the activity's zone, how many
 * timeslots it makes, and what it would clash with) by the same rules that then create its
 * timeslots.
 */
export function NewScheduleForm({ activity }: { activity: Activity }) {
  const ActivityID = activity.ActivityID;
  const [startDate, setStartDate] = useState(() => todayIn(activity.TimeZone));
  const [endDate, setEndDate] = useState("");
  const [weekdays, setWeekdays] = useState<Weekday[]>(WEEKDAYS.map((d) => d.value));
  const [times, setTimes] = useState("09:00");
  const [capacity, setCapacity] = useState("12");
  const input = {
    ActivityID,
    StartDate: startDate,
    EndDate: endDate === "" ? null : endDate,
    Weekdays: weekdays,
    Times: timesOf(times),
    Capacity: wholeNumberOf(capacity),
  };
  const settled = useDebounced(input, 400);
  const preview = trpc.catalog.previewSchedule.useQuery(settled, { retry: false, placeholderData: (kept) => kept });
  const refresh = useRefreshSchedules(ActivityID);
  const create = trpc.catalog.createSchedule.useMutation({
    onSuccess: (result) => {
      refresh();
      toast.success(`Schedule created with ${result.data.Created} timeslots`);
    },
    onError: (error) => toast.error(problemMessage(error)),
  });
  // The form shows the API's word on its fields: the create's once sent, the preview's before.
  const problems = create.error ? fieldProblems(create.error) : fieldProblems(preview.error);
  const overlap = problemStatus(create.error) === 409 ? problemMessage(create.error) : undefined;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate(input);
  };
  return (
    <form onSubmit={submit} className="stack" style={{ gap: 12, marginTop: 16 }} aria-label="New schedule">
      <h3 style={{ margin: 0 }}>New schedule</h3>
      <div className="grid-2" style={{ gap: 12 }}>
        <TextField
          label="First day"
          type="date"
          value={startDate}
          onValueChange={setStartDate}
          problem={problems.StartDate}
          required
        />
        <TextField
          label="Last day (empty: open-ended)"
          type="date"
          value={endDate}
          onValueChange={setEndDate}
          problem={problems.EndDate}
        />
        <TextField
          label={`Start times in ${activity.TimeZone} (09:00, 14:30)`}
          value={times}
          onValueChange={setTimes}
          problem={
            problems.Times ?? Object.entries(problems).find(([field]) => field.startsWith("Times["))?.[1] ?? overlap
          }
          required
        />
        <TextField
          label="Places per timeslot"
          type="number"
          min={1}
          max={10000}
          value={capacity}
          onValueChange={setCapacity}
          problem={problems.Capacity}
          required
        />
      </div>
      <CheckList
        legend="Days"
        options={WEEKDAYS}
        selected={weekdays}
        onChange={setWeekdays}
        problem={problems.Weekdays}
      />
      <SchedulePreview preview={preview.error ? undefined : preview.data} pending={preview.isFetching} />
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create schedule"}
        </button>
      </div>
    </form>
  );
}
