import type { ScheduleRecord } from "@slotwise/db";

import type { ScheduleView } from "./schedule-schema.ts";

/** A schedule as the console and the catalogue API show it; its timeslots exist up to `MaterialisedUntil`. */
export function presentSchedule(schedule: ScheduleRecord): ScheduleView {
  return {
    ID: schedule.id,
    StartDate: schedule.startDate,
    EndDate: schedule.endDate,
    Weekdays: [...schedule.weekdays],
    Times: [...schedule.times],
    Capacity: schedule.capacity,
    MaterialisedUntil: schedule.materialisedUntil,
  };
}
