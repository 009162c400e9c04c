import { z } from "zod";

import {
  answersProblems,
  holdDeadline,
  placesRefusal,
  ValidationError,
  waiverStatus,
  type PricedBooking,
} from "@slotwise/core";
import { sellBooking, type Db, type Product } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { countBooking } from "../../metrics/count-booking.ts";
import { bookingInputSchema, bookingSchema } from "../../presenters/booking-schema.ts";
import { customerDetails, presentBooking } from "../../presenters/booking.ts";
import { toCoreQuestion } from "../../presenters/question.ts";
import { bookingTickets } from "../../services/booking-tickets.ts";
import { activityQuestions, findActivity } from "../../services/find-activity.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
import { inTurn } from "../../services/handed-turn.ts";
import { priceBooking } from "../../services/price-booking.ts";
import { RecentRefusals } from "../../services/recent-refusals.ts";
import type { Context } from "../../trpc/context.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

type BookingInput = z.infer<typeof bookingInputSchema>;

/** A timeslot's key in the server's `slotSales`. */
export function slotKey(product: Product, input: Pick<BookingInput, "Date" | "Time">): string {
  return `${product.id}:${input.Date}T${input.Time}`;
}

/**
 * What a booking is checked against before its sale: the activity, its questions, and `check`,
 * the checks against today's catalogue (units, prices, bounds, answers). With an
 * Idempotency-Key they run inside the claimed work, so that a replay gets its first answer even
 * after the operator has repriced or retired a unit since. Shared with the REST edge's early
 * refusal, so both decide from the same checks.
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

export const createBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking",
      tags: ["Bookings"],
      summary: "Book or hold a timeslot",
      description:
        "Books places in the timeslot at Date and Time (local to the activity): either Participants (that many adults) or Units (a quantity of each unit type, e.g. two adults and a child), never both. The booking keeps each unit's price and the Total at the moment of booking. With HoldMinutes (1 to 60) the places are held instead: Status on_hold until ExpiresAt, Customer optional until you confirm it with POST …/confirm; an unconfirmed hold expires and its places come back. 409 insufficient-capacity carries `available`: offer the customer another timeslot. Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
    successStatus: 201,
  })
  .input(bookingInputSchema)
  .output(z.object({ data: bookingSchema }))
  .mutation(({ ctx, input }) =>
    countBooking(
      ctx.metrics,
      "partner",
      async () => {
        const { principal } = ctx;
        const { product, questions, answers, check } = await bookingChecks(ctx, principal.operatorId, input);
        const checked = ctx.idempotencyKey === undefined ? check() : undefined;
        const partner = principal.partner;
        const key = slotKey(product, input);
        // Contended here (another attempt queued or running, or a refusal): the next attempts
        // queue, and are refused when it comes to that, at the REST edge (http/early-refusal.ts).
        const contended = () => {
          ctx.recentRefusals.add(RecentRefusals.key(partner.slug, input.ActivityID, input.Date, input.Time));
        };
        if (ctx.slotSales.busy(key)) contended();
        return inTurn(ctx.slotSales, ctx.handedTurn, key, async () => {
          // Refused from the read alone, without a transaction: in a rush, the waiters behind the
          // sale of the last place end here. The conditional UPDATE still decides the rest. Not
          // with an Idempotency-Key: a replay must get its first answer, even once the slot is full.
          const { slot, refusal } = await readRefusal(ctx, product, input, checked);
          if (refusal) {
            contended();
            throw refusal;
          }
          const sell = async (tx: Db) => {
            const now = ctx.now();
            const booking = await sellBooking(tx, {
              product,
              timeslotId: slot.id,
              startsAt: slot.startsAt,
              priced: checked ?? check(),
              customer: input.Customer ? customerDetails(input.Customer) : null,
              holdUntil: input.HoldMinutes === undefined ? undefined : holdDeadline(now, input.HoldMinutes),
              source: "PARTNER",
              partnerId: partner.id,
              apiKeyId: principal.keyId,
              paymentReference: input.PaymentReference ?? null,
              answers,
              waiverStatus: waiverStatus(questions, answers),
              actor: `partner:${partner.slug}`,
              now,
              reminderHoursBefore: ctx.settings.reminderHoursBefore,
            });
            const tickets = await bookingTickets({ db: tx, settings: ctx.settings }, [booking]);
            return {
              status: 201,
              body: { data: presentBooking(booking, product, now, tickets.get(booking.id)) },
              headers: { Location: `/api/v2/ota/${partner.slug}/booking/${booking.reference}` },
            };
          };
          // Without a key the sale is one statement: no transaction around it.
          const result = await withIdempotency(ctx, `POST /ota/${partner.slug}/booking`, input, sell, {
            withoutKey: () => sell(ctx.db),
          });
          // This process reads its own writes at once; the others are told after the commit.
          ctx.cache.changed(cacheTags.timeslots(product.id));
          return result;
        });
      },
      () =>
        ctx.response.headers["Idempotent-Replayed"] === "true"
          ? "replayed"
          : input.HoldMinutes === undefined
            ? "confirmed"
            : "held",
    ),
  );
