import { z } from "zod";

import type { ScheduleRecord } from "@slotwise/db";

export const scheduleSchema = z.object({
  ID: z.int(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  Weekdays: z.array(z.string()),
  Times: z.array(z.string()),
  Capacity: z.int(),
  MaterialisedUntil: z.string().meta({ description: "The last local date whose timeslots exist" }),
});

export function presentSchedule(schedule: ScheduleRecord): z.infer<typeof scheduleSchema> {
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
