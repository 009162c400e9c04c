import { addDays, instantToLocal, NotFoundError, salesCloseAt, startOfLocalDay, todayIn } from "@slotwise/core";
import { operatorProduct, timeslotsWithWaitlist } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { activityGridInput } from "./activity-grid.schema.ts";

const GRID_DAYS = 14;

/** Fourteen local days of one activity's timeslots, from `from` (default: today in the activity's zone). */
export const activityGrid = consoleProcedure.input(activityGridInput).query(async ({ ctx, input }) => {
  const product = await operatorProduct(ctx.db, ctx.principal.operatorId, input.productId);
  if (!product) throw new NotFoundError(`There is no activity ${input.productId}`);
  const from = input.from ?? todayIn(product.timeZone, ctx.now());
  const slots = await timeslotsWithWaitlist(
    ctx.db,
    product.id,
    startOfLocalDay(from, product.timeZone),
    startOfLocalDay(addDays(from, GRID_DAYS), product.timeZone),
  );
  const now = ctx.now();
  return {
    activity: {
      id: product.id,
      name: product.name,
      timeZone: product.timeZone,
      maxParticipants: product.maxParticipants,
      priceAmount: product.priceAmount,
      currency: product.currency,
      units: product.units.map((unit) => ({ id: unit.unitId, label: unit.label, priceAmount: unit.priceAmount })),
    },
    days: Array.from({ length: GRID_DAYS }, (_, i) => addDays(from, i)),
    from,
    slots: slots.map((s) => ({
      id: s.id,
      ...instantToLocal(s.startsAt, product.timeZone),
      startsAt: s.startsAt.toISOString(),
      capacity: s.capacity,
      placesTaken: s.placesTaken,
      closed: s.closed,
      started: s.startsAt <= now,
      // Past the booking cut-off nothing more is sold, at the desk either: not offered for sale.
      salesClosed: salesCloseAt(s, product.bookingCutoffMinutes) <= now,
      waitlist: s.waitlist,
    })),
  };
});
