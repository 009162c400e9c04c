import { ConflictError, localToInstants, NotFoundError, ValidationError } from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Db } from "../tx.ts";
import { changeTimeslotInTx } from "./change-timeslot.ts";

/**
 * Adds one timeslot outside any schedule, closed when a closure covers its date. Null when
 * the local time does not exist that day; a start that has passed is 422 on `Date` (nobody
 * could book it); a start that exists already is 409 timeslot-exists.
 */
export async function addOneOffTimeslot(
  db: Db,
  product: { id: number; timeZone: string },
  slot: { date: string; time: string; capacity: number },
  now: Date,
) {
  const [startsAt] = localToInstants(slot.date, slot.time, product.timeZone);
  if (!startsAt) return null;
  if (startsAt <= now)
    throw new ValidationError([
      { field: "Date", message: `${slot.date} ${slot.time} in ${product.timeZone} has already passed` },
    ]);
  const rows = await db.$queryRaw<{ id: number; startsAt: Date; capacity: number; closed: boolean }[]>`
    INSERT INTO timeslots (product_id, starts_at, capacity, closed, created_at, updated_at)
    SELECT ${product.id}, ${startsAt}, ${slot.capacity},
           EXISTS (SELECT 1 FROM closures c
                    WHERE c.product_id = ${product.id} AND ${slot.date}::date BETWEEN c.from_date AND c.to_date),
           ${now}, ${now}
    ON CONFLICT (product_id, starts_at) DO NOTHING
    RETURNING id, starts_at AS "startsAt", capacity, closed`;
  const [row] = rows;
  if (!row)
    throw new ConflictError("timeslot-exists", `The activity already has a timeslot at ${slot.time} on ${slot.date}`);
  return row;
}

/**
 * Changes the capacity or closed state of the activity's timeslot at a local date and time.
 * Capacity below the places taken is 409 capacity-below-taken with `taken`.
 */
export async function patchTimeslotAt(
  db: Database,
  operatorId: number,
  product: { id: number; timeZone: string },
  at: { date: string; time: string },
  change: { capacity?: number; closed?: boolean },
  now: Date,
) {
  const [startsAt] = localToInstants(at.date, at.time, product.timeZone);
  return db.$transaction(async (tx) => {
    const [slot] = startsAt
      ? await tx.$queryRaw<{ id: number; placesTaken: number }[]>`
          SELECT id, places_taken AS "placesTaken" FROM timeslots
           WHERE product_id = ${product.id} AND starts_at = ${startsAt} FOR UPDATE`
      : [];
    if (!slot) throw new NotFoundError(`There is no timeslot at ${at.time} on ${at.date}`);
    if (change.capacity !== undefined && change.capacity < slot.placesTaken)
      throw new ConflictError(
        "capacity-below-taken",
        `Capacity must be at least ${slot.placesTaken}, the places already taken`,
        { taken: slot.placesTaken },
      );
    return (await changeTimeslotInTx(tx, operatorId, slot.id, change, now)).timeslot;
  });
}
