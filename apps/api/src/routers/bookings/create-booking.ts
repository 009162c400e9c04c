import { z } from "zod";

import { countBooking } from "../../metrics/count-booking.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { bookingInputSchema } from "../../services/book-timeslot.schema.ts";
import { BOOKING_PATH, bookTimeslot } from "../../services/book-timeslot.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

export const createBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: BOOKING_PATH,
      tags: ["Bookings"],
      summary: "Book or hold a timeslot",
      description:
        "Books places in the timeslot at Date and Time (local to the activity): either Participants (that many adults) or Units (a quantity of each unit type, e.g. two adults and a child), never both. The booking keeps each unit's price and the Total at the moment of booking. With HoldMinutes (1 to 60) the places are held instead: Status on_hold until ExpiresAt, Customer optional until you confirm it with POST …/confirm; an unconfirmed hold expires and its places come back. The places in a key's unconfirmed holds, and in all its partner's, are limited (409 hold-limit-reached). 409 insufficient-capacity carries `available`: offer the customer another timeslot. Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "hold-limit-reached",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
    successStatus: 201,
  })
  .input(bookingInputSchema)
  .output(z.object({ data: bookingSchema }))
  .mutation(({ ctx, input }) =>
    countBooking(
      ctx.metrics,
      "partner",
      () => bookTimeslot(ctx, input),
      () =>
        ctx.response.headers["Idempotent-Replayed"] === "true"
          ? "replayed"
          : input.HoldMinutes === undefined
            ? "confirmed"
            : "held",
    ),
  );
