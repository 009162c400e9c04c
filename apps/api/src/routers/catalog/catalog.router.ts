import { router } from "../../trpc/procedures.ts";
import { createActivity } from "./create-activity.ts";
import { createClosure } from "./create-closure.ts";
import { createSchedule } from "./create-schedule.ts";
import { createTimeslot } from "./create-timeslot.ts";
import { deleteSchedule } from "./delete-schedule.ts";
import { getActivity } from "./get-activity.ts";
import { listActivities } from "./list-activities.ts";
import { listClosures } from "./list-closures.ts";
import { listPartners } from "./list-partners.ts";
import { listSchedules } from "./list-schedules.ts";
import { patchActivity } from "./patch-activity.ts";
import { patchTimeslot } from "./patch-timeslot.ts";
import { previewSchedule } from "./preview-schedule.ts";

export const catalogRouter = router({
  activities: listActivities,
  createActivity,
  activity: getActivity,
  patchActivity,
  schedules: listSchedules,
  createSchedule,
  previewSchedule,
  deleteSchedule,
  createTimeslot,
  patchTimeslot,
  closures: listClosures,
  createClosure,
  partners: listPartners,
});
