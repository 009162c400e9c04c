import { z } from "zod";

import { bookingSchema } from "../../presenters/booking-schema.ts";
import { presentBooking } from "../../presenters/booking.ts";
import { cancelIfActive } from "../../services/cancel-if-active.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { bookingReferenceInput, partnerBooking } from "./get-booking.ts";

export const cancelBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking/{Reference}/cancel",
      tags: ["Bookings"],
      summary: "Cancel one of your bookings",
      description:
        "Frees the places of a booking or a hold (people on the timeslot's waitlist are told). Cancelling a cancelled or expired booking returns it unchanged. A booking whose timeslot has started can no longer be cancelled (409 timeslot-unavailable). No body is needed.",
    },
    problems: ["not-found", "timeslot-unavailable", "validation"],
  })
  .input(bookingReferenceInput)
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    const cancelled = await cancelIfActive(ctx, booking, `partner:${ctx.principal.partner.slug}`);
    return { data: presentBooking(cancelled ?? booking, booking.product, ctx.now()) };
  });
