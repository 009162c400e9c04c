import { z } from "zod";

const localStart = z.object({ Date: z.string(), Time: z.string() });

/** What creating a schedule would do, as the console's schedule form shows it. */
export const schedulePreviewSchema = z.object({
  TimeZone: z.string(),
  /** The next starts it gives, in the activity's zone. */
  Starts: z.array(localStart.extend({ StartsAt: z.int() })),
  /** Timeslots creating it would make now: its starts up to its end or the horizon that do not exist yet. */
  Created: z.int(),
  /** How many of those starts exist already (a one-off's or another schedule's) and stay as they are. */
  ExistingCount: z.int(),
  /** The first of them; ExistingCount says how many there are in all. */
  Existing: z.array(localStart),
  Clashes: z.array(localStart.extend({ ScheduleID: z.int() })),
});

export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;
