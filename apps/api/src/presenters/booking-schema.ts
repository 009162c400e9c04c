import { z } from "zod";

import { bookingRequestSchema } from "@slotwise/core";

import { partnerParam } from "../inputs/path-params.ts";

export const bookingInputSchema = bookingRequestSchema.extend({ partner: partnerParam });

export const bookingSchema = z
  .object({
    Reference: z.string(),
    Status: z.enum(["confirmed", "cancelled"]),
    ActivityID: z.string(),
    Date: z.string(),
    Time: z.string(),
    StartsAt: z.string(),
    Participants: z.int(),
    Customer: z.object({
      FirstName: z.string(),
      LastName: z.string(),
      Email: z.string(),
      Phone: z.string().meta({ description: "E.164" }),
    }),
    PaymentReference: z.string().nullable(),
    WaiverStatus: z.enum(["complete", "pending"]),
    CreatedAt: z.string(),
  })
  .meta({
    id: "Booking",
    examples: [
      {
        Reference: "BK-7Q3M9XK2",
        Status: "confirmed",
        ActivityID: "s_7Hk2Pq9Lm",
        Date: "2026-12-01",
        Time: "09:30",
        StartsAt: "2026-12-01T09:30:00+00:00",
        Participants: 2,
        Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
        PaymentReference: "ACME-PAY-88231",
        WaiverStatus: "complete",
        CreatedAt: "2026-11-22T10:15:00.000Z",
      },
    ],
  });

export type BookingView = z.infer<typeof bookingSchema>;
