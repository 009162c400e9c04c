import { z } from "zod";

import { previewSchedule as previewScheduleStarts } from "@slotwise/db";

import { operatorActivityOrThrow } from "../../services/operator-catalog.ts";
import { catalogProcedure } from "../../trpc/procedures.ts";
import { createScheduleInput } from "./create-schedule.schema.ts";

/** Starts the console lists under a schedule being written: enough to see its rhythm. */
const PREVIEW_STARTS = 12;

const localStart = z.object({ Date: z.string(), Time: z.string() });

/**
 * What creating the schedule would do, writing nothing: its next starts in the activity's
 * zone, how many timeslots it would make, the starts that exist already and the schedules it
 * clashes with. It takes the create input as it is, so the form learns of a refused field
 * before it is sent. Console only: partners' REST has no use for a dry run of a timetable.
 */
export const previewSchedule = catalogProcedure
  .input(createScheduleInput)
  .output(
    z.object({
      TimeZone: z.string(),
      Starts: z.array(localStart.extend({ StartsAt: z.int() })),
      Count: z.int(),
      Existing: z.array(localStart),
      Clashes: z.array(localStart.extend({ ScheduleID: z.int() })),
    }),
  )
  .query(async ({ ctx, input }) => {
    const activity = await operatorActivityOrThrow(ctx.db, ctx.principal.operatorId, input.ActivityID);
    const preview = await previewScheduleStarts(
      ctx.db,
      activity,
      { startDate: input.StartDate, endDate: input.EndDate, weekdays: input.Weekdays, times: input.Times },
      ctx.now(),
      PREVIEW_STARTS,
    );
    return {
      TimeZone: activity.timeZone,
      Starts: preview.starts.map((start) => ({
        Date: start.date,
        Time: start.time,
        StartsAt: Math.floor(start.startsAt.getTime() / 1000),
      })),
      Count: preview.count,
      Existing: preview.existing.map((start) => ({ Date: start.date, Time: start.time })),
      Clashes: preview.clashes.map((clash) => ({ Date: clash.date, Time: clash.time, ScheduleID: clash.scheduleId })),
    };
  });
