import type { RouterOutputs } from "../../../../lib/trpc";

/** One booking as the detail page reads it, every card a view of part of it. */
export type Booking = RouterOutputs["console"]["bookings"]["get"];
