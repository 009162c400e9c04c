import { applyTimeslotChange } from "@slotwise/db";

import { cacheTags } from "../../../cache/read-cache.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { changeTimeslotInput } from "./change-timeslot.schema.ts";

/** Capacity and opening of one timeslot; places freed this way go to the waitlist at once. */
export const changeTimeslot = consoleProcedure.input(changeTimeslotInput).mutation(async ({ ctx, input }) => {
  const { timeslot, notified } = await applyTimeslotChange(
    ctx.db,
    ctx.principal.operatorId,
    input.timeslotId,
    { capacity: input.capacity, closed: input.closed },
    ctx.now(),
  );
  ctx.cache.changed(cacheTags.timeslots(timeslot.productId));
  return {
    id: timeslot.id,
    capacity: timeslot.capacity,
    placesTaken: timeslot.placesTaken,
    closed: timeslot.closed,
    waitlistNotified: notified.length,
  };
});
