import { z } from "zod";

import {
  changeRefusal,
  changeRequestSchema,
  instantToLocal,
  pricedUnitsSchema,
  requestedUnits,
  sameUnits,
} from "@slotwise/core";
import { changeBookingInTx } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { withIdempotency } from "../../idempotency/with-idempotency.ts";
import { partnerParam, referenceParam } from "../../inputs/path-params.ts";
import { bookingSchema } from "../../presenters/booking-schema.ts";
import { presentBooking } from "../../presenters/booking.ts";
import { findActivity } from "../../services/find-activity.ts";
import { timeslotAt } from "../../services/find-timeslot.ts";
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
        "Moves a booking or hold to another Date and/or Time of the same activity, or changes its places (Participants or Units, not both): give any of them, the rest stays. The places move in one step: if the new timeslot lacks them (409 insufficient-capacity with `available`) or is past or closed (409 timeslot-unavailable), nothing changes. New places are priced at today's prices and the Total follows; a move alone keeps what was paid. A cancelled or expired booking, or one whose timeslot has started, is 409 booking-not-changeable. Asking for what the booking already is changes nothing, so a retry is safe.",
    },
    problems: [
      "not-found",
      "insufficient-capacity",
      "timeslot-unavailable",
      "booking-not-changeable",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
  })
  .input(changeRequestSchema.safeExtend({ partner: partnerParam, Reference: referenceParam }))
  .output(z.object({ data: bookingSchema }))
  .mutation(async ({ ctx, input }) => {
    const booking = await partnerBooking(ctx, input.Reference);
    const now = ctx.now();
    const refusal = changeRefusal(booking, now);
    if (refusal) throw refusal;
    const product = await findActivity(ctx, ctx.principal.operatorId, booking.product.activityId);
    const local = instantToLocal(booking.startsAt, product.timeZone);
    const slot = await timeslotAt(ctx, product, input.Date ?? local.date, input.Time ?? local.time);
    const asksForPlaces = input.Participants !== undefined || input.Units !== undefined;
    const priced =
      asksForPlaces && !sameUnits(pricedUnitsSchema.parse(booking.units), requestedUnits(input))
        ? priceBooking(product, input)
        : undefined;
    const scope = `POST /ota/${ctx.principal.partner.slug}/booking/${booking.reference}/change`;
    const result = await withIdempotency(ctx, scope, input, async (tx) => {
      const changed = await changeBookingInTx(tx, booking.id, {
        timeslotId: slot.id,
        priced,
        cutoffMinutes: product.bookingCutoffMinutes,
        slot: { productName: product.name, timeZone: product.timeZone },
        actor: `partner:${ctx.principal.partner.slug}`,
        now,
        reminderHoursBefore: ctx.settings.reminderHoursBefore,
      });
      return { status: 200, body: { data: presentBooking(changed, product, now) }, headers: {} };
    });
    ctx.cache.invalidate(cacheTags.product(product.id));
    return result;
  });
