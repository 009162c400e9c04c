import { instantToLocal, todayIn } from "@slotwise/core";
import { dayManifest, markNoShows, operatorById, type Database } from "@slotwise/db";

import { spreadsheetCsv } from "../../presenters/spreadsheet-csv.ts";
import { checkInByCode } from "../../services/check-in-code.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { manifestCheckInInput, manifestDayInput, markNoShowsInput, type ManifestWaiver } from "./manifest.schema.ts";

interface ManifestContext {
  db: Database;
  now: () => Date;
  principal: { operatorId: number };
}

/** Each timeslot of a day (today in the operator's zone by default) with its guests and counts. */
async function manifestOf(ctx: ManifestContext, day: string | undefined) {
  const now = ctx.now();
  const operator = await operatorById(ctx.db, ctx.principal.operatorId);
  const date = day ?? todayIn(operator.timeZone, now);
  const slots = await dayManifest(ctx.db, ctx.principal.operatorId, date);
  return {
    date,
    timeslots: slots.map((slot) => {
      const endsAt = new Date(slot.startsAt.getTime() + slot.product.durationMinutes * 60_000);
      const guests = slot.bookings.map((b) => {
        const checkedIn = b.tickets.filter((t) => t.checkedInAt !== null).length;
        const units = new Map<string, number>();
        for (const t of b.tickets) units.set(t.unitId, (units.get(t.unitId) ?? 0) + 1);
        const waiver: ManifestWaiver = b.waiverStatus === "COMPLETE" ? "complete" : "missing";
        return {
          reference: b.reference,
          name: [b.customerFirstName, b.customerLastName].filter(Boolean).join(" "),
          persons: b.participants,
          units: [...units].map(([unitId, quantity]) => ({ unitId, quantity })),
          waiver,
          checkedIn,
          noShow: b.noShowAt !== null,
          tickets: b.tickets.map((t) => ({ code: t.code, unitId: t.unitId, checkedIn: t.checkedInAt !== null })),
        };
      });
      const booked = guests.reduce((sum, g) => sum + g.persons, 0);
      const checkedIn = guests.reduce((sum, g) => sum + g.checkedIn, 0);
      return {
        id: slot.id,
        activity: slot.product.name,
        time: instantToLocal(slot.startsAt, slot.product.timeZone).time,
        timeZone: slot.product.timeZone,
        startsAt: slot.startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        ended: endsAt <= now,
        counts: { booked, checkedIn, waiting: booked - checkedIn },
        guests,
      };
    }),
  };
}

/** The guide's manifest: each timeslot of a day with its guests, their tickets and the counts. */
export const manifestDay = consoleProcedure
  .input(manifestDayInput)
  .query(({ ctx, input }) => manifestOf(ctx, input.date));

/** The day's manifest as CSV: one row per booking, for a spreadsheet or a printed list. */
export const manifestCsv = consoleProcedure.input(manifestDayInput).query(async ({ ctx, input }) => {
  const day = await manifestOf(ctx, input.date);
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

/** Checks one person in from the manifest, by a ticket's code clicked, typed or scanned. */
export const manifestCheckIn = consoleProcedure.input(manifestCheckInInput).mutation(async ({ ctx, input }) => {
  const scan = await checkInByCode(ctx, ctx.principal.operatorId, input.code);
  return {
    reference: scan.reference,
    unitId: scan.unitId,
    checkedInAt: scan.checkedInAt.toISOString(),
    firstScan: scan.firstScan,
  };
});

/** Marks an ended timeslot's bookings with nobody checked in as no-shows; again changes nothing. */
export const manifestMarkNoShows = consoleProcedure
  .input(markNoShowsInput)
  .mutation(({ ctx, input }) => markNoShows(ctx.db, ctx.principal.operatorId, input.timeslotId, ctx.now()));
