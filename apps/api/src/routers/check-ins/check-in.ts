import { ConflictError, effectiveStatus, instantToLocal, NotFoundError } from "@slotwise/core";
import { checkInTicket, findTicket } from "@slotwise/db";

import { checkinProcedure } from "../../trpc/procedures.ts";
import { checkInInput, checkInOutput } from "./check-in.schema.ts";

export const checkIn = checkinProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/check-ins",
      tags: ["Check-in"],
      summary: "Check a guest in by their ticket's code",
      description:
        "Checks in the person of one ticket, once: a repeat scan answers FirstScan false with the first CheckedInAt. 409 ticket-void for a cancelled or expired booking, 409 ticket-wrong-day (with `date`) when its timeslot is not today in the activity's time zone, 404 for a code your operator never issued. Unknown codes count as failed authentications.",
    },
    problems: ["not-found", "ticket-void", "ticket-wrong-day", "validation"],
  })
  .input(checkInInput)
  .output(checkInOutput)
  .mutation(async ({ ctx, input }) => {
    // A code is a secret: guessing them is limited as guessing keys is. The failure's share is
    // taken before the look-up, so concurrent guesses cannot all pass, and given back on a hit.
    await ctx.guards.reserveAuthFailure(ctx.clientAddress);
    const ticket = await findTicket(ctx.db, input.Code, ctx.principal.operatorId);
    if (!ticket) throw new NotFoundError("There is no ticket with this code");
    await ctx.guards.authSucceeded(ctx.clientAddress);
    const { booking } = ticket;
    const now = ctx.now();
    if (effectiveStatus(booking, now) !== "CONFIRMED")
      throw new ConflictError("ticket-void", `Booking ${booking.reference} is not confirmed: its tickets are void`);
    const day = instantToLocal(booking.startsAt, booking.product.timeZone).date;
    if (day !== instantToLocal(now, booking.product.timeZone).date)
      throw new ConflictError("ticket-wrong-day", `This ticket is for ${day}`, { date: day });
    const scan = await checkInTicket(ctx.db, ticket.id, now);
    return {
      data: {
        Reference: booking.reference,
        UnitID: ticket.unitId,
        CheckedInAt: scan.checkedInAt.toISOString(),
        FirstScan: scan.firstScan,
      },
    };
  });
