import { z } from "zod";

import {
  answersProblems,
  boundedField,
  ConflictError,
  customerSchema,
  dateField,
  freePlaces,
  NotFoundError,
  participantsField,
  participantsProblem,
  saleFields,
  timeField,
  ValidationError,
  waiverStatus,
  withParticipantsOrUnits,
} from "@slotwise/core";
import { joinWaitlist, operatorBySlug, type Db } from "@slotwise/db";

import { activityIdParam } from "../../inputs/path-params.ts";
import { customerDetails, presentBooking } from "../../presenters/booking.ts";
import { presentProduct } from "../../presenters/product.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { activeProducts } from "../../services/active-products.ts";
import { activityQuestions, findActivity } from "../../services/find-activity.ts";
import { bookableTimeslotsOn, timeslotAt } from "../../services/find-timeslot.ts";
import { priceBooking } from "../../services/price-booking.ts";
import { sellTimeslot } from "../../services/sell-timeslot.ts";
import { publicProcedure, shopWriteProcedure } from "../../trpc/procedures.ts";

// The operator's public shopfront: what a visitor of its own website sees and buys. No key
// and no session; the operator is named by its slug.

const operatorSlug = boundedField("operator", 64).min(1, { error: "operator must not be empty" });

async function operatorNamed(db: Db, slug: string) {
  const operator = await operatorBySlug(db, slug);
  if (!operator) throw new NotFoundError(`There is no shop ${slug}`);
  return operator;
}

export const shopActivities = publicProcedure
  .input(z.object({ operator: operatorSlug }))
  .query(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    return (await activeProducts(ctx, operator.id)).map(presentProduct);
  });

export const shopTimeslots = publicProcedure
  .input(z.object({ operator: operatorSlug, ActivityID: activityIdParam, Date: dateField("Date") }))
  .query(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    const product = await findActivity(ctx, operator.id, input.ActivityID);
    return (await bookableTimeslotsOn(ctx, product, input.Date, ctx.now())).timeslots;
  });

export const shopCheckout = shopWriteProcedure
  .input(withParticipantsOrUnits(saleFields.extend({ operator: operatorSlug })))
  .mutation(async ({ ctx, input }) => {
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

export const shopJoinWaitlist = shopWriteProcedure
  .input(
    z.object({
      operator: operatorSlug,
      ActivityID: activityIdParam,
      Date: dateField("Date"),
      Time: timeField("Time"),
      Participants: participantsField("Participants"),
      Customer: customerSchema,
      MultiBookingID: boundedField("MultiBookingID", 40).optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    const product = await findActivity(ctx, operator.id, input.ActivityID);
    const bounds = participantsProblem(input.Participants, product);
    if (bounds) throw new ValidationError([{ field: "Participants", message: bounds }]);
    const slot = await timeslotAt(ctx, product, input.Date, input.Time);
    if (freePlaces(slot) >= input.Participants && !slot.closed) {
      throw new ConflictError("timeslot-unavailable", "This timeslot still has places: book it instead of waiting", {
        available: freePlaces(slot),
      });
    }
    const entry = await joinWaitlist(ctx.db, {
      operatorId: operator.id,
      timeslotId: slot.id,
      multiBookingId: input.MultiBookingID ?? `mb_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`,
      customer: customerDetails(input.Customer),
      participants: input.Participants,
      now: ctx.now(),
    });
    return { WaitlistID: entry.id, MultiBookingID: entry.multiBookingId };
  });
