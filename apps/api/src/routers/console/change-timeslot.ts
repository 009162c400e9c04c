import { changeTimeslotInTx } from "@slotwise/db";
import { z } from "zod";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { cacheTags } from "../../cache/read-cache.ts";

/** Capacity and opening of one timeslot; places freed this way go to the waitlist at once. */
export const changeTimeslot = consoleProcedure
  .input(z.object({ timeslotId: z.int(), capacity: z.int().min(0).max(10_000).optional(), closed: z.boolean().optional() }))
  .mutation(async ({ ctx, input }) => {
    const { timeslot, notified } = await ctx.db.$transaction((tx) =>
      changeTimeslotInTx(tx, ctx.principal.operatorId, input.timeslotId, { capacity: input.capacity, closed: input.closed }, ctx.now()),
    );
    ctx.cache.invalidate(cacheTags.product(timeslot.productId));
    return { id: timeslot.id, capacity: timeslot.capacity, placesTaken: timeslot.placesTaken, closed: timeslot.closed, waitlistNotified: notified.length };
  });
