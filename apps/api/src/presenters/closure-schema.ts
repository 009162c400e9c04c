import { z } from "zod";

/** A closure of an activity as the catalogue answers it: its local dates and the bookings on them. */
export const closureSchema = z.object({
  ID: z.int(),
  From: z.string(),
  To: z.string(),
  Reason: z.string(),
  AffectedBookings: z
    .array(z.string())
    .meta({ description: "References of the confirmed and held bookings on those dates" }),
});

export type ClosureView = z.infer<typeof closureSchema>;
