import { NotFoundError } from "@slotwise/core";
import { findBooking } from "@slotwise/db";
import { z } from "zod";
import { presentBooking } from "../../presenters/booking.ts";
import type { ApiKeyPrincipal, Context } from "../../trpc/context.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { bookingSchema } from "../schemas/booking.ts";
import { partnerParam, referenceParam } from "../schemas/params.ts";

export const bookingReferenceInput = z.object({ partner: partnerParam, Reference: referenceParam });

/** One of this partner's own bookings: another partner's reference is as unknown as a made-up one. */
export async function partnerBooking(ctx: Context & { principal: ApiKeyPrincipal }, reference: string) {
  const booking = await findBooking(ctx.db, ctx.principal.operatorId, reference, ctx.principal.partner?.id ?? -1);
  if (!booking) throw new NotFoundError(`There is no booking ${reference}`);
  return booking;
}

export const getBooking = partnerProcedure
  .meta({ openapi: { method: "GET", path: "/ota/{partner}/booking/{Reference}", tags: ["Bookings"], summary: "Read one of your bookings" } })
  .input(bookingReferenceInput)
  .output(z.object({ data: bookingSchema }))
  .query(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    return { data: presentBooking(booking, booking.product) };
  });
