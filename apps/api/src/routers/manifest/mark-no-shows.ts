import { markNoShows } from "@slotwise/db";

import { consoleProcedure } from "../../trpc/procedures.ts";
import { markNoShowsInput } from "./mark-no-shows.schema.ts";

/** Marks an ended timeslot's bookings with nobody checked in as no-shows; again changes nothing. */
export const manifestMarkNoShows = consoleProcedure
  .input(markNoShowsInput)
  .mutation(({ ctx, input }) => markNoShows(ctx.db, ctx.principal.operatorId, input.timeslotId, ctx.now()));
