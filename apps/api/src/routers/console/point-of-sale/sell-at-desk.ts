import { NotFoundError, waiverStatus } from "@slotwise/core";
import { operatorTimeslot } from "@slotwise/db";

import { presentBooking } from "../../../presenters/booking.ts";
import { toCoreQuestion } from "../../../presenters/question.ts";
import { priceBooking } from "../../../services/price-booking.ts";
import { sellTimeslot } from "../../../services/sell-timeslot.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { sellAtDeskInput } from "./sell-at-desk.schema.ts";

/** A walk-in sale at the desk: a paid POS order and its booking. Waivers are signed on paper there, so required questions stay unanswered (pending). */
export const sellAtDesk = consoleProcedure.input(sellAtDeskInput).mutation(async ({ ctx, input }) => {
  const slot = await operatorTimeslot(ctx.db, ctx.principal.operatorId, input.timeslotId);
  if (!slot) throw new NotFoundError(`There is no timeslot ${input.timeslotId}`);
  const { order, booking } = await sellTimeslot(ctx, {
    product: slot.product,
    timeslotId: slot.id,
    startsAt: slot.startsAt,
    priced: priceBooking(slot.product, input),
    customer: input.Customer,
    paymentReference: input.PaymentReference ?? null,
    answers: [],
    waiverStatus: waiverStatus(slot.product.questions.map(toCoreQuestion), []),
    channel: "POS",
    actor: `console:${ctx.principal.email}`,
  });
  return { BasketID: order.id, booking: presentBooking(booking, slot.product, ctx.now()) };
});
