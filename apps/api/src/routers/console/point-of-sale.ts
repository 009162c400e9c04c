import { customerSchema, NotFoundError } from "@slotwise/core";
import { z } from "zod";
import { presentBooking } from "../../presenters/booking.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { sellTimeslot } from "../sell-timeslot.ts";

/** A walk-in sale at the desk: a paid POS order and its booking. Waivers are signed on paper there, so they stay pending. */
export const sellAtDesk = consoleProcedure
  .input(z.object({ timeslotId: z.int(), Participants: z.int().min(1), Customer: customerSchema, PaymentReference: z.string().trim().max(128).optional() }))
  .mutation(async ({ ctx, input }) => {
    const slot = await ctx.db.timeslot.findFirst({ where: { id: input.timeslotId, product: { operatorId: ctx.principal.operatorId } }, include: { product: { include: { questions: true } } } });
    if (!slot) throw new NotFoundError(`There is no timeslot ${input.timeslotId}`);
    const { order, booking } = await sellTimeslot(ctx, {
      product: slot.product,
      timeslotId: slot.id,
      participants: input.Participants,
      customer: input.Customer,
      paymentReference: input.PaymentReference ?? null,
      answers: [],
      waiverStatus: slot.product.questions.some((q) => q.required) ? "pending" : "complete",
      channel: "POS",
      actor: `console:${ctx.principal.email}`,
    });
    return { BasketID: order.id, booking: presentBooking(booking, slot.product) };
  });
