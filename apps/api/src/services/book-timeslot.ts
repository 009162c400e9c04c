import type { z } from "zod";

import { answersProblems, placesRefusal, ValidationError, type PricedBooking } from "@slotwise/core";
import type { Product } from "@slotwise/db";

import { toCoreQuestion } from "../presenters/question.ts";
import type { Context } from "../trpc/context.ts";
import type { bookingInputSchema } from "./book-timeslot.schema.ts";
import { activityQuestions, findActivity } from "./find-activity.ts";
import { timeslotAt } from "./find-timeslot.ts";
import { priceBooking } from "./price-booking.ts";

/**
 * The checks of a partner booking, shared by its procedure (routers/bookings/create-booking.ts)
 * and the early refusal (fast-paths/early-refusal.ts), so that both decide alike.
 */

/** The booking's REST path under the API's prefix, in OpenAPI's spelling. */
export const BOOKING_PATH = "/ota/{partner}/booking";

type BookingInput = z.infer<typeof bookingInputSchema>;

/** A timeslot's key in the server's `slotSales`. */
export function slotKey(product: Product, input: Pick<BookingInput, "Date" | "Time">): string {
  return `${product.id}:${input.Date}T${input.Time}`;
}

/**
 * What a booking is checked against before its sale: the activity, its questions, and `check`,
 * the checks against today's catalogue (units, prices, bounds, answers). With an
 * Idempotency-Key they run inside the claimed work, so that a replay gets its first answer even
 * after the operator has repriced or retired a unit since.
 */
export async function bookingChecks(ctx: Context, operatorId: number, input: BookingInput) {
  const product = await findActivity(ctx, operatorId, input.ActivityID);
  const questions = (await activityQuestions(ctx, product.id)).map(toCoreQuestion);
  const answers = input.Answers ?? [];
  const check = () => {
    const priced = priceBooking(product, input);
    const problems = input.Answers ? answersProblems(questions, answers) : [];
    if (problems.length) throw new ValidationError(problems);
    return priced;
  };
  return { product, questions, answers, check };
}

/** The timeslot as the cache has it, and the refusal that read alone decides (none without `checked`). */
export async function readRefusal(
  ctx: Context,
  product: Product,
  input: BookingInput,
  checked: PricedBooking | undefined,
) {
  const slot = await timeslotAt(ctx, product, input.Date, input.Time);
  const refusal = checked ? placesRefusal(slot, checked.participants, product.bookingCutoffMinutes, ctx.now()) : null;
  return { slot, refusal };
}
