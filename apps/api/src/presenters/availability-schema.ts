import { z } from "zod";

import { moneySchema } from "./money-schema.ts";

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

export const availabilityChangeSchema = z
  .object({
    Sequence: z.int().meta({ description: "The change's number in its operator's feed; ascending, in commit order" }),
    ActivityID: z.string(),
    Date: z.string().meta({ description: "Local date of the timeslot" }),
    Time: z.string().meta({ description: "Local HH:MM of the timeslot" }),
    Available: z.int().meta({ description: "Free places after the change (even when closed)" }),
    Capacity: z.int(),
    Closed: z.boolean(),
  })
  .meta({
    id: "AvailabilityChange",
    examples: [
      {
        Sequence: 1042,
        ActivityID: "s_7Hk2Pq9Lm",
        Date: "2026-12-01",
        Time: "09:30",
        Available: 4,
        Capacity: 12,
        Closed: false,
      },
    ],
  });

export const calendarDaySchema = z
  .object({
    Date: z.string(),
    Status: z.enum(["AVAILABLE", "LIMITED", "SOLD_OUT", "CLOSED"]),
    Vacancies: z.int().meta({ description: "Free places over the day's bookable timeslots" }),
    Capacity: z.int().meta({ description: "Capacity of the day's bookable timeslots" }),
    PriceFrom: moneySchema.meta({ description: "The lowest unit price of the activity" }),
  })
  .meta({
    id: "CalendarDay",
    examples: [
      {
        Date: "2026-12-01",
        Status: "LIMITED",
        Vacancies: 5,
        Capacity: 24,
        PriceFrom: { Amount: 2500, Currency: "EUR" },
      },
    ],
  });
