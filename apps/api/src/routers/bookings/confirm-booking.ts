import { z } from "zod";

import { answersProblems, confirmRequestSchema, ValidationError, waiverStatus } from "@slotwise/core";
import { confirmHoldInTx, type HoldConfirmation } from "@slotwise/db";

import { scopedRequest, withIdempotency } from "../../idempotency/with-idempotency.ts";
import { partnerParam, referenceParam } from "../../inputs/path-params.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { customerDetails } from "../../presenters/booking.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { bookingAnswer } from "../../services/booking-answer.ts";
import { activityQuestions } from "../../services/find-activity.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { partnerBooking } from "./get-booking.ts";

export const confirmBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking/{Reference}/confirm",
      tags: ["Bookings"],
      summary: "Confirm a hold",
      description:
        "Makes a hold a confirmed booking before its ExpiresAt: the places are already yours. The body is optional: Customer (required if the hold has none), Answers and PaymentReference, each as for a booking, replace what the hold had. The confirmation e-mail goes out now. Confirming a confirmed booking returns it unchanged; after ExpiresAt it is 409 hold-expired, past the timeslot's booking cut-off 409 timeslot-unavailable (as a booking would be), and a cancelled booking is 409 booking-not-changeable.",
    },
    problems: [
      "not-found",
      "hold-expired",
      "booking-not-changeable",
      "timeslot-unavailable",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
  })
  .input(
    confirmRequestSchema.safeExtend({ partner: partnerParam, Reference: referenceParam }).meta({
      examples: [
        {
          Customer: { FirstName: "Ana", LastName: "Silva", Email: "ana@example.com", Phone: "+351912345678" },
          PaymentReference: "ACME-PAY-88231",
        },
      ],
    }),
  )
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    const { product } = booking;
    const scope = `POST /ota/${ctx.principal.partner.slug}/booking/${booking.reference}/confirm`;
    const request = scopedRequest(input, { partner: ctx.principal.partner.slug, Reference: booking.reference });
    // The checks run inside the claimed work, so a replay answers as the first confirmation did.
    const answer = await withIdempotency(ctx, scope, request, async (tx) => {
      let answers: HoldConfirmation["answers"];
      if (input.Answers) {
        const questions = (await activityQuestions({ db: tx, cache: ctx.cache }, product.id)).map(toCoreQuestion);
        const problems = answersProblems(questions, input.Answers);
        if (problems.length) throw new ValidationError(problems);
        answers = { answers: input.Answers, waiverStatus: waiverStatus(questions, input.Answers) };
      }
      const now = ctx.now();
      const confirmed = await confirmHoldInTx(tx, booking.id, {
        customer: input.Customer && customerDetails(input.Customer),
        paymentReference: input.PaymentReference,
        answers,
        slot: { productName: product.name, timeZone: product.timeZone },
        cutoffMinutes: product.bookingCutoffMinutes,
        actor: `partner:${ctx.principal.partner.slug}`,
        now,
        reminderHoursBefore: ctx.settings.reminderHoursBefore,
      });
      return bookingAnswer({ db: tx, settings: ctx.settings }, confirmed, product, now, { status: 200 });
    });
    if (booking.status === "ON_HOLD" && ctx.response.headers["Idempotent-Replayed"] !== "true")
      ctx.metrics.booking("partner", "confirmed");
    return answer;
  });
