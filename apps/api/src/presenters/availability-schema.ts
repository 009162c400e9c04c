import { z } from "zod";

export const availableDateSchema = z
  .object({
    Date: z.string(),
    Available: z.int().meta({ description: "Free places over the day's bookable timeslots" }),
    Timeslots: z.int().meta({ description: "How many bookable timeslots with a free place the day has" }),
  })
  .meta({ id: "AvailableDate", examples: [{ Date: "2026-12-01", Available: 14, Timeslots: 3 }] });

export const availableTimeslotSchema = z
  .object({
    Time: z.string().meta({ description: "Local HH:MM; use it with Date to book" }),
    StartsAt: z.string().meta({ description: "ISO 8601 with the activity's offset" }),
    EndsAt: z.string(),
    Capacity: z.int(),
    Available: z.int(),
  })
  .meta({
    id: "AvailableTimeslot",
    examples: [
      {
        Time: "09:30",
        StartsAt: "2026-12-01T09:30:00+00:00",
        EndsAt: "2026-12-01T11:30:00+00:00",
        Capacity: 12,
        Available: 5,
      },
    ],
  });
