import { scheduleDryRun } from "@slotwise/db";

import { schedulePreviewSchema } from "../../presenters/schedule-preview-schema.ts";
import { presentSchedulePreview } from "../../presenters/schedule-preview.ts";
import { operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createScheduleInput } from "./create-schedule.schema.ts";

/** Starts (and existing starts) the console lists under a schedule being written: enough to see its rhythm. */
const PREVIEW_STARTS = 12;

/**
 * What creating the schedule would do, writing nothing: its next starts in the activity's
 * zone, how many timeslots it would make and how many of its starts exist already, and the
 * schedules it clashes with. It takes the create input as it is and refuses what creating it
 * refuses, so the form learns of a refused field before it is sent. Console only: partners'
 * REST has no use for a dry run of a timetable.
 */
export const previewSchedule = catalogProcedure
  .input(createScheduleInput)
  .output(schedulePreviewSchema)
  .query(async ({ ctx, input }) => {
    const activity = await operatorActivityOrThrow(ctx.db, ctx.principal.operatorId, input.ActivityID);
    const dryRun = await scheduleDryRun(
      ctx.db,
      activity,
      { startDate: input.StartDate, endDate: input.EndDate, weekdays: input.Weekdays, times: input.Times },
      ctx.now(),
      PREVIEW_STARTS,
    );
    return presentSchedulePreview(activity.timeZone, dryRun);
  });
