import { z } from "zod";

import { bookingSchema } from "./booking-schema.ts";
import { moneySchema } from "./money-schema.ts";

export const orderSchema = z
  .object({
    OrderID: z.string(),
    Status: z.enum(["on_hold", "confirmed", "cancelled", "expired"]).meta({
      description: "The status its bookings share: they are held, confirmed and cancelled together",
    }),
    ExpiresAt: z.int().nullable().meta({ description: "Unix seconds: when the order's holds lapse unless confirmed" }),
    Bookings: z.array(bookingSchema).meta({ description: "One per item, in the order of Items" }),
    Total: moneySchema.meta({ description: "The sum of the bookings' totals" }),
  })
  .meta({ id: "Order" });

export type OrderView = z.infer<typeof orderSchema>;
