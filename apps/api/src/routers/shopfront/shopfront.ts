import { answersProblems, bookingRequestSchema, ConflictError, customerSchema, freePlaces, isCalendarDate, NotFoundError, refinedField, ValidationError, waiverStatus } from "@slotwise/core";
import type { Db } from "@slotwise/db";
import { activeProducts } from "../active-products.ts";
import { z } from "zod";
import { presentBooking } from "../../presenters/booking.ts";
import { presentProduct } from "../../presenters/product.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { publicProcedure } from "../../trpc/procedures.ts";
import { activityQuestions, findActivity } from "../find-activity.ts";
import { bookableTimeslotsOn, timeslotAt } from "../find-timeslot.ts";
import { activityIdParam } from "../schemas/params.ts";
import { sellTimeslot } from "../sell-timeslot.ts";

/**
 * The operator's public shopfront: what a visitor of its own website sees and buys. No key
 * and no session; the operator is named by its slug.
 */
const operatorSlug = z.string().min(1).max(64);

async function operatorNamed(db: Db, slug: string) {
  const operator = await db.operator.findUnique({ where: { slug } });
  if (!operator) throw new NotFoundError(`There is no shop ${slug}`);
  return operator;
}

export const shopActivities = publicProcedure.input(z.object({ operator: operatorSlug })).query(async ({ ctx, input }) => {
  const operator = await operatorNamed(ctx.db, input.operator);
  return (await activeProducts(ctx, operator.id)).map(presentProduct);
});

export const shopTimeslots = publicProcedure
  .input(z.object({ operator: operatorSlug, ActivityID: activityIdParam, Date: refinedField("Date", isCalendarDate, "a real date in YYYY-MM-DD form") }))
  .query(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    const product = await findActivity(ctx, operator.id, input.ActivityID);
    return bookableTimeslotsOn(ctx, product, input.Date, ctx.now());
  });

export const shopCheckout = publicProcedure
  .input(bookingRequestSchema.extend({ operator: operatorSlug, PaymentReference: z.string().trim().min(1, { error: "PaymentReference is required for a paid checkout" }).max(128) }))
  .mutation(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    const product = await findActivity(ctx, operator.id, input.ActivityID);
    const questions = (await activityQuestions(ctx, product.id)).map(toCoreQuestion);
    const answers = input.Answers ?? [];
    const problems = answersProblems(questions, answers);
    if (problems.length) throw new ValidationError(problems);
    const slot = await timeslotAt(ctx, product, input.Date, input.Time);
    const { order, booking } = await sellTimeslot(ctx, {
      product,
      timeslotId: slot.id,
      participants: input.Participants,
      customer: input.Customer,
      paymentReference: input.PaymentReference,
      answers,
      waiverStatus: waiverStatus(questions, answers),
      channel: "ONLINE",
      actor: "shopfront",
    });
    return { BasketID: order.id, booking: presentBooking(booking, product) };
  });

export const shopJoinWaitlist = publicProcedure
  .input(
    z.object({
      operator: operatorSlug,
      ActivityID: activityIdParam,
      Date: refinedField("Date", isCalendarDate, "a real date in YYYY-MM-DD form"),
      Time: z.string(),
      Participants: z.int().min(1).max(50),
      Customer: customerSchema,
      MultiBookingID: z.string().max(40).optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const operator = await operatorNamed(ctx.db, input.operator);
    const product = await findActivity(ctx, operator.id, input.ActivityID);
    const slot = await timeslotAt(ctx, product, input.Date, input.Time);
    if (freePlaces(slot) >= input.Participants && !slot.closed) {
      throw new ConflictError("timeslot-unavailable", "This timeslot still has places: book it instead of waiting", { available: freePlaces(slot) });
    }
    const entry = await ctx.db.waitlistEntry.create({
      data: {
        operatorId: operator.id,
        timeslotId: slot.id,
        multiBookingId: input.MultiBookingID ?? `mb_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`,
        customerFirstName: input.Customer.FirstName,
        customerLastName: input.Customer.LastName,
        customerEmail: input.Customer.Email,
        customerPhone: input.Customer.Phone,
        participants: input.Participants,
        createdAt: ctx.now(),
      },
    });
    return { WaitlistID: entry.id, MultiBookingID: entry.multiBookingId };
  });
