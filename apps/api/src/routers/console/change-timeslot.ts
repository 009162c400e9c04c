import { z } from "zod";

import { idField, integerField } from "@slotwise/core";
import { applyTimeslotChange } from "@slotwise/db";

import { cacheTags } from "../../cache/read-cache.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";

/** Capacity and opening of one timeslot; places freed this way go to the waitlist at once. */
export const changeTimeslot = consoleProcedure
  .input(
    z.object({
      timeslotId: idField("timeslotId"),
      capacity: integerField("capacity")
        .min(0, { error: "capacity must be at least 0" })
        .max(10_000, { error: "capacity must be at most 10000" })
        .optional(),
      closed: z.boolean().optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
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
