import { instantToLocal } from "@slotwise/core";
import type { dayManifest } from "@slotwise/db";

type ManifestTimeslot = Awaited<ReturnType<typeof dayManifest>>[number];

/** A guest's waiver: complete, or a required answer still missing (shown as a warning). */
export type ManifestWaiver = "complete" | "missing";

/** The guide's manifest of `date`: each timeslot with its guests, their tickets and the counts. */
export function presentManifest(date: string, slots: readonly ManifestTimeslot[], now: Date) {
  return { date, timeslots: slots.map((slot) => presentManifestTimeslot(slot, now)) };
}

function presentManifestTimeslot(slot: ManifestTimeslot, now: Date) {
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
}
