import { z } from "zod";

import { bookingSchema } from "../../presenters/booking-schema.ts";
import { bookingView } from "../../services/booking-answer.ts";
import { cancelBooking as cancelAs, cancelNowQuote } from "../../services/booking-cancellation.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { cancelBookingInput } from "./cancel-booking.schema.ts";
import { partnerBooking } from "./get-booking.ts";

export const cancelBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking/{Reference}/cancel",
      tags: ["Bookings"],
      summary: "Cancel one of your bookings",
      description:
        "Frees the places of a booking or a hold (people on the timeslot's waitlist are told) and stores the refund its cancellation policy gives now (Refund). With ?dryRun=true nothing changes: the answer is the booking as it stands, its Cancellation quote saying whether you may cancel now, and Refund what cancelling now would refund. A policy that does not allow cancelling now, or a guest of the booking already checked in, is 409 not-cancellable. Cancelling a cancelled or expired booking returns it unchanged. A booking whose timeslot has started can no longer be cancelled (409 timeslot-unavailable). No body is needed.",
    },
    problems: ["not-found", "timeslot-unavailable", "not-cancellable", "validation"],
    postQuery: ["dryRun"],
  })
  .input(cancelBookingInput)
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    // The booking as GET shows it, tickets included: a guest checked in makes it not cancellable.
    const withTickets = (b: typeof booking, now = ctx.now()) => bookingView(ctx, b, b.product, now);
    if (input.dryRun === true) {
      const now = ctx.now();
      const view = await withTickets(booking, now);
      // A cancelled booking keeps the refund it stored; for the others, what cancelling now gives.
      if (view.Refund) return { data: view };
      const quote = cancelNowQuote({ ...booking, checkedIn: view.CheckedIn ?? 0 }, now);
      return { data: { ...view, Cancellation: quote, Refund: quote.Refund } };
    }
    const cancelled = await cancelAs(ctx, booking, `partner:${ctx.principal.partner.slug}`, "partner");
    if (cancelled) return { data: await withTickets({ ...cancelled, product: booking.product }) };
    // Nothing to cancel any more (a cancel committed since `booking` was read): the booking as it is now.
    return { data: await withTickets(await partnerBooking(ctx, input.Reference)) };
  });
