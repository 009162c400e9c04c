"use client";

import { trpc } from "../../../../lib/trpc";

/**
 * Refetches what a created or deleted schedule changes: the activity's schedules, the preview
 * (its clashes and existing starts) and the activities' timeslot counts.
 */
export function useRefreshSchedules(ActivityID: string) {
  const utils = trpc.useUtils();
  return () => {
    void utils.catalog.schedules.invalidate({ ActivityID });
    void utils.catalog.previewSchedule.invalidate();
    void utils.console.activities.invalidate();
  };
}
