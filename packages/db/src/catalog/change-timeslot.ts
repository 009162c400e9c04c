import { NotFoundError, ValidationError } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Tx } from "../tx.ts";
import { notifyWaitlistInTx } from "../waitlist/notify-waitlist.ts";

/**
 * Changes a timeslot's capacity or closes/reopens it. Capacity cannot go below the places
 * already sold. Whatever frees places (a raise, a reopening) tells the waitlist at once.
 */
export async function changeTimeslotInTx(
  tx: Tx,
  operatorId: number,
  timeslotId: number,
  change: { capacity?: number; closed?: boolean },
  now: Date,
) {
  await tx.$queryRaw`SELECT id FROM timeslots WHERE id = ${timeslotId} FOR UPDATE`;
  const slot = await tx.timeslot.findFirst({ where: { id: timeslotId, product: { operatorId } } });
  if (!slot) throw new NotFoundError(`There is no timeslot ${timeslotId}`);
  if (change.capacity !== undefined && change.capacity < slot.placesTaken) {
    throw new ValidationError([
      { field: "capacity", message: `capacity must be at least ${slot.placesTaken}, the places already sold` },
    ]);
  }
  const updated = await tx.timeslot.update({ where: { id: timeslotId }, data: { ...change, updatedAt: now } });
  const notified = await notifyWaitlistInTx(tx, timeslotId, now);
  return { timeslot: updated, notified };
}

/** Changes a timeslot in a transaction of its own (see changeTimeslotInTx). */
export function applyTimeslotChange(
  db: Database,
  operatorId: number,
  timeslotId: number,
  change: { capacity?: number; closed?: boolean },
  now: Date,
) {
  return db.$transaction((tx) => changeTimeslotInTx(tx, operatorId, timeslotId, change, now));
}
