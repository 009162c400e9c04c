import type { ScheduleDryRun } from "@slotwise/db";

import type { SchedulePreview } from "./schedule-preview-schema.ts";

/** A schedule's dry run as the console's schedule form shows it; starts in the activity's zone. */
export function presentSchedulePreview(timeZone: string, dryRun: ScheduleDryRun): SchedulePreview {
  return {
    TimeZone: timeZone,
    Starts: dryRun.starts.map((start) => ({
      Date: start.date,
      Time: start.time,
      StartsAt: Math.floor(start.startsAt.getTime() / 1000),
    })),
    Created: dryRun.created,
    ExistingCount: dryRun.existingCount,
    Existing: dryRun.existing.map((start) => ({ Date: start.date, Time: start.time })),
    Clashes: dryRun.clashes.map((clash) => ({ Date: clash.date, Time: clash.time, ScheduleID: clash.scheduleId })),
  };
}
