import type { Db } from "../tx.ts";

/** The operator's activities with their upcoming load, for the console's activity list. */
export function listActivities(db: Db, operatorId: number) {
  return db.product.findMany({
    where: { operatorId },
    orderBy: [{ active: "desc" }, { name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      activityId: true,
      name: true,
      location: true,
      durationMinutes: true,
      timeZone: true,
      priceAmount: true,
      currency: true,
      minParticipants: true,
      maxParticipants: true,
      active: true,
    },
  });
}

/**
 * An activity's timeslots starting in `[from, to)`, each with its capacity, places taken and
 * the people still waiting (entries not yet notified). The caller has checked the activity
 * is the operator's.
 */
export async function timeslotsWithWaitlist(db: Db, productId: number, from: Date, to: Date) {
  const slots = await db.timeslot.findMany({
    where: { productId, startsAt: { gte: from, lt: to } },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, capacity: true, placesTaken: true, closed: true },
  });
  const waiting = await db.waitlistEntry.groupBy({
    by: ["timeslotId"],
    where: { timeslotId: { in: slots.map((s) => s.id) }, notifiedAt: null },
    _count: { _all: true },
    _sum: { participants: true },
  });
  const waitingBySlot = new Map(
    waiting.map((w) => [w.timeslotId, { entries: w._count._all, participants: w._sum.participants ?? 0 }]),
  );
  return slots.map((s) => ({ ...s, waitlist: waitingBySlot.get(s.id) ?? { entries: 0, participants: 0 } }));
}
