import { todayIn } from "@slotwise/core";
import { dayManifest, operatorById, type Database } from "@slotwise/db";

/**
 * Loads each timeslot of a day (today in the operator's zone at `now` when absent) with its
 * bookings and their tickets.
 */
export async function loadDayManifest(
  ctx: { db: Database; principal: { operatorId: number } },
  day: string | undefined,
  now: Date,
) {
  const operator = await operatorById(ctx.db, ctx.principal.operatorId);
  const date = day ?? todayIn(operator.timeZone, now);
  return { date, slots: await dayManifest(ctx.db, ctx.principal.operatorId, date) };
}
