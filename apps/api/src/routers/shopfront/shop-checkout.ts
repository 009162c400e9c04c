import { answersProblems, ValidationError, waiverStatus } from "@slotwise/core";

import { presentBooking } from "../../presenters/booking.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { activityQuestions, findActivity } from "../../services/find-activity.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
import { priceBooking } from "../../services/price-booking.ts";
import { sellTimeslot } from "../../services/sell-timeslot.ts";
import { shopWriteProcedure } from "../../trpc/procedures.ts";
import { shopCheckoutInput } from "./shop-checkout.schema.ts";
import { operatorNamed } from "./shop-operator.ts";

export const shopCheckout = shopWriteProcedure.input(shopCheckoutInput).mutation(async ({ ctx, input }) => {
  const operator = await operatorNamed(ctx.db, input.operator);
  const product = await findActivity(ctx, operator.id, input.ActivityID);
  const questions = (await activityQuestions(ctx, product.id)).map(toCoreQuestion);
  const answers = input.Answers ?? [];
  const problems = answersProblems(questions, answers);
  if (problems.length) throw new ValidationError(problems);
  const priced = priceBooking(product, input);
  const slot = await timeslotAt(ctx, product, input.Date, input.Time);
  await ctx.guards.takeCheckoutPlaces(ctx.clientAddress, priced.participants);
  const { order, booking } = await sellTimeslot(ctx, {
    product,
    timeslotId: slot.id,
    startsAt: slot.startsAt,
    priced,
    customer: input.Customer,
    paymentReference: input.PaymentReference ?? null,
    answers,
    waiverStatus: waiverStatus(questions, answers),
    channel: "ONLINE",
    actor: "shopfront",
  });
  return { BasketID: order.id, booking: presentBooking(booking, product, ctx.now()) };
});
