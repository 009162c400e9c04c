import { z } from "zod";

import {
  changeRefusal,
  changeRequestSchema,
  instantToLocal,
  pricedUnitsSchema,
  requestedUnits,
  sameUnits,
} from "@slotwise/core";
import { changeBookingInTx, lockBookingInTx } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { scopedRequest, withIdempotency } from "../../idempotency/with-idempotency.ts";
import { partnerParam, referenceParam } from "../../inputs/path-params.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { bookingAnswer } from "../../services/booking-answer.ts";
import { findActivity } from "../../services/find-activity.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
import { checkRequestHoldBudgetInTx } from "../../services/hold-budget.ts";
import { priceBooking } from "../../services/price-booking.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { partnerBooking } from "./get-booking.ts";

export const changeBooking = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/booking/{Reference}/change",
      tags: ["Bookings"],
      summary: "Change a booking or a hold",
      description:
        "Moves a booking or hold to another Date and/or Time of the same activity, or changes its places (Participants or Units, not both): give any of them, the rest stays. The places move in one step: if the new timeslot lacks them (409 insufficient-capacity with `available`) or is past or closed (409 timeslot-unavailable), nothing changes. A change of places prices the booking anew at today's prices (the Total follows); a move alone keeps what was paid. A cancelled or expired booking, one whose timeslot has started, or one with a guest checked in is 409 booking-not-changeable. Asking for what the booking already is changes nothing, so a retry is safe.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "booking-not-changeable",
      "hold-limit-reached",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
  })
  .input(
    changeRequestSchema
      .safeExtend({ partner: partnerParam, Reference: referenceParam })
      .meta({ examples: [{ Date: "2026-12-02", Time: "17:30", Participants: 3 }] }),
  )
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    const product = await findActivity(ctx, ctx.principal.operatorId, booking.product.activityId);
    const scope = `POST /ota/${ctx.principal.partner.slug}/booking/${booking.reference}/change`;
    const request = scopedRequest(input, { partner: ctx.principal.partner.slug, Reference: booking.reference });
    // Everything is judged against the booking as locked inside the claimed work: a change that
    // raced another is resolved against what that one left, and a replay answers as the first did.
    // Reads inside it go through its transaction, so it never waits for a second connection.
    const result = await withIdempotency(ctx, scope, request, async (tx) => {
      const current = await lockBookingInTx(tx, booking.id);
      const now = ctx.now();
      const refusal = changeRefusal(current, now);
      if (refusal) throw refusal;
      // Without Date or Time the booking stays on its own timeslot, even on a day whose local
      // time happens twice.
      const moves = input.Date !== undefined || input.Time !== undefined;
      const local = instantToLocal(current.startsAt, product.timeZone);
      const timeslotId = moves
        ? (await timeslotAt({ db: tx, cache: ctx.cache }, product, input.Date ?? local.date, input.Time ?? local.time))
            .id
        : current.timeslotId;
      const asksForPlaces = input.Participants !== undefined || input.Units !== undefined;
      const priced =
        asksForPlaces && !sameUnits(pricedUnitsSchema.parse(current.units), requestedUnits(input))
          ? priceBooking(product, input)
          : undefined;
      // A hold that grows takes more unconfirmed places: the growth counts against the budget as a new hold would.
      if (priced && current.status === "ON_HOLD")
        await checkRequestHoldBudgetInTx(tx, ctx, priced.participants - current.participants);
      const changed = await changeBookingInTx(tx, booking.id, {
        timeslotId,
        priced,
        cutoffMinutes: product.bookingCutoffMinutes,
        slot: { productName: product.name, timeZone: product.timeZone },
        actor: `partner:${ctx.principal.partner.slug}`,
        now,
        reminderHoursBefore: ctx.settings.reminderHoursBefore,
      });
      return bookingAnswer({ db: tx, settings: ctx.settings }, changed, product, now, { status: 200 });
    });
    ctx.cache.changed(cacheTags.timeslots(product.id));
    return result;
  });
