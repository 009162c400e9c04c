import { z } from "zod";

import { dateField, integerField, MAX_SCHEDULE_TIMES, timeField, WEEKDAYS } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";

export const createScheduleInput = z
  .object({
    ActivityID: activityIdParam,
    StartDate: dateField("StartDate"),
    EndDate: dateField("EndDate").nullable().default(null),
    Weekdays: z
      .array(z.enum(WEEKDAYS, { error: `Weekdays must each be one of ${WEEKDAYS.join(", ")}` }))
      .min(1, { error: "Weekdays must list at least one day" })
      .max(7, { error: "Weekdays must list each day at most once" })
      .refine((days) => new Set(days).size === days.length, { error: "Weekdays must list each day at most once" }),
    Times: z
      .array(timeField("Times"))
      .min(1, { error: "Times must list at least one time" })
      .max(MAX_SCHEDULE_TIMES, { error: `Times must list at most ${MAX_SCHEDULE_TIMES} times` })
      .refine((times) => new Set(times).size === times.length, { error: "Times must list each time at most once" }),
    Capacity: integerField("Capacity")
      .min(1, { error: "Capacity must be at least 1" })
      .max(10_000, { error: "Capacity must be at most 10000" }),
  })
  .refine((s) => s.EndDate === null || s.EndDate >= s.StartDate, {
    error: "EndDate must not be before StartDate",
    path: ["EndDate"],
  });
