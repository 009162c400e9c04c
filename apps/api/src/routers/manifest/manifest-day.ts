import { presentManifest } from "../../presenters/manifest.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { loadDayManifest } from "./load-day-manifest.ts";
import { manifestDayInput } from "./manifest-day.schema.ts";

/** The guide's manifest: each timeslot of a day with its guests, their tickets and the counts. */
export const manifestDay = consoleProcedure.input(manifestDayInput).query(async ({ ctx, input }) => {
  const now = ctx.now();
  const { date, slots } = await loadDayManifest(ctx, input.date, now);
  return presentManifest(date, slots, now);
});
