import { z } from "zod";

export const scheduleSchema = z.object({
  ID: z.int(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  Weekdays: z.array(z.string()),
  Times: z.array(z.string()),
  Capacity: z.int(),
  MaterialisedUntil: z.string().meta({ description: "The last local date whose timeslots exist" }),
});

export type ScheduleView = z.infer<typeof scheduleSchema>;
