import { presentManifest } from "../../presenters/manifest.ts";
import { spreadsheetCsv } from "../../presenters/spreadsheet-csv.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { loadDayManifest } from "./load-day-manifest.ts";
import { manifestDayInput } from "./manifest-day.schema.ts";

/** The day's manifest as CSV: one row per booking, for a spreadsheet or a printed list. */
export const manifestCsv = consoleProcedure.input(manifestDayInput).query(async ({ ctx, input }) => {
  const now = ctx.now();
  const { date, slots } = await loadDayManifest(ctx, input.date, now);
  const day = presentManifest(date, slots, now);
  const rows = day.timeslots.flatMap((slot) =>
    slot.guests.map((g) => [
      day.date,
      slot.time,
      slot.activity,
      g.reference,
      g.name,
      g.units.map((u) => `${u.quantity} ${u.unitId}`).join(", "),
      g.waiver,
      g.persons,
      g.checkedIn,
      g.noShow ? "yes" : "no",
    ]),
  );
  return {
    filename: `manifest-${day.date}.csv`,
    csv: spreadsheetCsv([
      ["date", "time", "activity", "reference", "name", "units", "waiver", "persons", "checked_in", "no_show"],
      ...rows,
    ]),
  };
});
