import { z } from "zod";

import { dateRangeCheck } from "@slotwise/core";
import { partnerBookings } from "@slotwise/db";

import { cursorParam, encodeCursor } from "../../inputs/page-cursor.ts";
import { dateParam, partnerParam } from "../../inputs/path-params.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { presentBooking } from "../../presenters/booking.ts";
import { bookingTickets } from "../../services/booking-tickets.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

/** Longest range of activity dates one search covers (contract section 15). */
export const SEARCH_MAX_DAYS = 92;

const STATUSES = { on_hold: "ON_HOLD", confirmed: "CONFIRMED", cancelled: "CANCELLED", expired: "EXPIRED" } as const;

export const searchBookings = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/bookings",
      tags: ["Bookings"],
      summary: "Search your bookings by activity date",
      description: `Your own bookings whose activity date (local to the activity) falls between from and to, both included, at most ${SEARCH_MAX_DAYS} days: latest activity first, 100 a page. Follow \`next\` until it is null; pages neither skip nor repeat a booking while new ones arrive.`,
    },
    problems: ["validation"],
  })
  .input(
    z
      .object({
        partner: partnerParam,
        from: dateParam("from"),
        to: dateParam("to"),
        status: z
          .enum(["on_hold", "confirmed", "cancelled", "expired"], {
            error: "status must be on_hold, confirmed, cancelled or expired",
          })
          .optional(),
        cursor: cursorParam.optional(),
      })
      .check(dateRangeCheck("from", "to", SEARCH_MAX_DAYS)),
  )
  .output(z.object({ data: z.array(bookingSchema), next: z.string().nullable() }))
  .query(async ({ ctx, input }) => {
    const now = ctx.now();
    const { bookings, end } = await partnerBookings(ctx.db, {
      partnerId: ctx.principal.partner.id,
      from: input.from,
      to: input.to,
      status: input.status && STATUSES[input.status],
      now,
      after: input.cursor,
    });
    const tickets = await bookingTickets(ctx, bookings);
    return {
      data: bookings.map((booking) => presentBooking(booking, booking.product, now, tickets.get(booking.id))),
      next: end ? encodeCursor(end) : null,
    };
  });
