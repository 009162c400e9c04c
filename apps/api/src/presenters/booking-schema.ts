import { z } from "zod";

import { moneySchema } from "./money-schema.ts";

export const cancellationQuoteSchema = z
  .object({
    Cancellable: z.boolean().meta({ description: "Whether you may cancel it now (the operator always may)" }),
    RefundPercent: z.int(),
    Refund: moneySchema.meta({ description: "What cancelling now refunds: RefundPercent of Total, rounded down" }),
    Until: z
      .int()
      .nullable()
      .meta({ description: "Unix seconds: when this quote stops holding (the next tier, or the start); null: never" }),
  })
  .meta({
    description: "What cancelling now would give, by the cancellation policy in force when the booking was made",
  });

export const bookingSchema = z
  .object({
    Reference: z.string(),
    Status: z.enum(["on_hold", "confirmed", "cancelled", "expired"]).meta({
      description:
        "on_hold: places taken until ExpiresAt, waiting for confirm; expired: a hold not confirmed in time, its places released",
    }),
    ExpiresAt: z
      .int()
      .optional()
      .meta({ description: "Unix seconds: when a hold lapses (or lapsed) unless confirmed. Only on holds" }),
    ActivityID: z.string(),
    Date: z.string(),
    Time: z.string(),
    StartsAt: z.string(),
    Participants: z.int().meta({ description: "Places taken: the sum of the units' quantities" }),
    Units: z.array(
      z.object({
        UnitID: z.string(),
        Label: z.string(),
        Quantity: z.int(),
        Price: moneySchema.meta({ description: "Per place, when booked" }),
      }),
    ),
    Total: moneySchema.meta({ description: "The sum of the units' prices when booked; later price changes leave it" }),
    Customer: z
      .object({
        FirstName: z.string(),
        LastName: z.string(),
        Email: z.string(),
        Phone: z.string().meta({ description: "E.164" }),
      })
      .nullable()
      .meta({
        description:
          "null on a hold made without one (and on such a hold once cancelled or expired); confirming requires it",
      }),
    PaymentReference: z.string().nullable(),
    WaiverStatus: z.enum(["complete", "pending"]),
    CreatedAt: z.string(),
    Tickets: z
      .array(z.object({ UnitID: z.string(), Code: z.string(), Url: z.string() }))
      .optional()
      .meta({
        description:
          "One per person of a confirmed booking: Code is what the QR code carries, Url the ticket's page. Kept (and shown void) once cancelled",
      }),
    CheckedIn: z.int().optional().meta({ description: "Persons checked in so far" }),
    Cancellation: cancellationQuoteSchema,
    Refund: moneySchema.optional().meta({
      description:
        "On a cancelled booking: what its cancel refunded, by the policy it was made under. On a dry-run cancel: what cancelling now would refund",
    }),
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
        Participants: 3,
        Units: [
          { UnitID: "adult", Label: "Adult", Quantity: 2, Price: { Amount: 4500, Currency: "EUR" } },
          { UnitID: "child", Label: "Child", Quantity: 1, Price: { Amount: 2500, Currency: "EUR" } },
        ],
        Total: { Amount: 11500, Currency: "EUR" },
        Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
        PaymentReference: "ACME-PAY-88231",
        WaiverStatus: "complete",
        CreatedAt: "2026-11-22T10:15:00.000Z",
        Cancellation: {
          Cancellable: true,
          RefundPercent: 100,
          Refund: { Amount: 11500, Currency: "EUR" },
          Until: 1764408600,
        },
      },
    ],
  });

export type BookingView = z.infer<typeof bookingSchema>;
