import { Card } from "../../../../components/card";
import type { Activity } from "./details-card";
import { NewScheduleForm } from "./new-schedule-form";
import { ScheduleList } from "./schedule-list";

/** The activity's recurring timetable: its schedules, and a form for a new one. */
export function SchedulesCard({ activity }: { activity: Activity }) {
  return (
    <Card id="schedules-heading" title="Schedules">
      <ScheduleList ActivityID={activity.ActivityID} />
      <NewScheduleForm activity={activity} />
    </Card>
  );
}
