import { answersProblems, participantsProblem, ValidationError, waiverStatus } from "@slotwise/core";
import { createBookingInTx, listQuestions } from "@slotwise/db";
import { z } from "zod";
import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { presentBooking } from "../../presenters/booking.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { findActivity } from "../find-activity.ts";
import { timeslotAt } from "../find-timeslot.ts";
import { bookingInputSchema, bookingSchema } from "../schemas/booking.ts";

export const createBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking",
      tags: ["Bookings"],
      summary: "Book a timeslot",
      description:
        "Books Participants places in the timeslot at Date and Time (local to the activity). 409 insufficient-capacity carries `available`: offer the customer another timeslot. Send an Idempotency-Key header to retry safely.",
    },
    successStatus: 201,
  })
  .input(bookingInputSchema)
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const { principal } = ctx;
    const product = await findActivity(ctx.db, principal.operatorId, input.ActivityID);
    const bounds = participantsProblem(input.Participants, product);
    if (bounds) throw new ValidationError([{ field: "Participants", message: bounds }]);
    const questions = (await listQuestions(ctx.db, product.id)).map(toCoreQuestion);
    const answers = input.Answers ?? [];
    if (input.Answers) {
      const problems = answersProblems(questions, answers);
      if (problems.length) throw new ValidationError(problems);
    }
    const slot = await timeslotAt(ctx.db, product, input.Date, input.Time);
    const partner = principal.partner;
    if (!partner) throw new Error("a partner procedure always has a partner");
    return withIdempotency(ctx, `POST /ota/${partner.slug}/booking`, input, async (tx) => {
      const booking = await createBookingInTx(tx, {
        product,
        timeslotId: slot.id,
        participants: input.Participants,
        customer: { firstName: input.Customer.FirstName, lastName: input.Customer.LastName, email: input.Customer.Email, phone: input.Customer.Phone },
        source: "PARTNER",
        partnerId: partner.id,
        apiKeyId: principal.keyId,
        paymentReference: input.PaymentReference ?? null,
        answers,
        waiverStatus: waiverStatus(questions, answers),
        actor: `partner:${partner.slug}`,
        now: ctx.now(),
        reminderHoursBefore: ctx.settings.reminderHoursBefore,
      });
      return {
        status: 201,
        body: { data: presentBooking(booking, product) },
        headers: { Location: `/api/v2/ota/${partner.slug}/booking/${booking.reference}` },
      };
    });
  });
