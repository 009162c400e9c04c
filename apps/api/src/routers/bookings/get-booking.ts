import { z } from "zod";

import { NotFoundError } from "@slotwise/core";
import { findBooking } from "@slotwise/db";

import { partnerParam, referenceParam } from "../../inputs/path-params.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { bookingView } from "../../services/booking-answer.ts";
import type { Context, PartnerPrincipal } from "../../trpc/context.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

export const bookingReferenceInput = z.object({ partner: partnerParam, Reference: referenceParam });

/** One of this partner's own bookings: another partner's reference is as unknown as a made-up one. */
export async function partnerBooking(ctx: Context & { principal: PartnerPrincipal }, reference: string) {
  const booking = await findBooking(ctx.db, ctx.principal.operatorId, reference, ctx.principal.partner.id);
  if (!booking) throw new NotFoundError(`There is no booking ${reference}`);
  return booking;
}

export const getBooking = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/ota/{partner}/booking/{Reference}",
      tags: ["Bookings"],
      summary: "Read one of your bookings",
    },
    problems: ["not-found"],
  })
  .input(bookingReferenceInput)
  .output(z.object({ data: bookingSchema }))
  .query(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    return { data: await bookingView(ctx, booking, booking.product, ctx.now()) };
  });
