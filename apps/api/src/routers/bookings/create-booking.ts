import { z } from "zod";

import { holdDeadline, waiverStatus } from "@slotwise/core";
import { sellBooking, type Db, type Tx } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { inTurn } from "../../fast-paths/handed-turn.ts";
import { RecentRefusals } from "../../fast-paths/recent-refusals.ts";
import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { countBooking } from "../../metrics/count-booking.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { customerDetails, presentBooking } from "../../presenters/booking.ts";
import { bookingInputSchema } from "../../services/book-timeslot.schema.ts";
import { BOOKING_PATH, bookingChecks, readRefusal, slotKey } from "../../services/book-timeslot.ts";
import { bookingTickets } from "../../services/booking-tickets.ts";
import { checkRequestHoldBudgetInTx } from "../../services/hold-budget.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";

export const createBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: BOOKING_PATH,
      tags: ["Bookings"],
      summary: "Book or hold a timeslot",
      description:
        "Books places in the timeslot at Date and Time (local to the activity): either Participants (that many adults) or Units (a quantity of each unit type, e.g. two adults and a child), never both. The booking keeps each unit's price and the Total at the moment of booking. With HoldMinutes (1 to 60) the places are held instead: Status on_hold until ExpiresAt, Customer optional until you confirm it with POST …/confirm; an unconfirmed hold expires and its places come back. The places in a key's unconfirmed holds, and in all its partner's, are limited (409 hold-limit-reached). 409 insufficient-capacity carries `available`: offer the customer another timeslot. Send an Idempotency-Key header to retry safely.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "hold-limit-reached",
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
        // queue, and are refused when it comes to that, at the REST edge (fast-paths/early-refusal.ts).
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
          // A hold is counted against the key's and the partner's budget in the transaction of its sale.
          const hold = async (tx: Tx) => {
            await checkRequestHoldBudgetInTx(tx, ctx, (checked ?? check()).participants);
            return sell(tx);
          };
          const scope = `POST /ota/${partner.slug}/booking`;
          // Without a key a sale is one statement: no transaction around it.
          const result =
            input.HoldMinutes === undefined
              ? await withIdempotency(ctx, scope, input, sell, { withoutKey: () => sell(ctx.db) })
              : await withIdempotency(ctx, scope, input, hold);
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
