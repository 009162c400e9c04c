import { placesRefusal } from "@slotwise/core";

import { Prisma } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";

/**
 * The sale rule as SQL, for the conditional UPDATE of `timeslots` that takes places: open, not
 * past its cut-off, and with room. The same rule as core's placesRefusal, which explains a miss.
 */
export function placesFit(participants: number, cutoffMinutes: number, now: Date): Prisma.Sql {
  return Prisma.sql`NOT closed
         AND starts_at - make_interval(mins => ${cutoffMinutes}) > ${now}
         AND places_taken + ${participants} <= capacity`;
}

/**
 * Takes `participants` places of a timeslot in one conditional UPDATE: two transactions can
 * never both pass the check, whatever the number of API processes, and the CHECK constraint
 * on the table is the last line of defence. When the UPDATE matches no row, the slot is read
 * back to tell the customer why, in the words of the core rule.
 */
export async function takePlacesInTx(
  tx: Tx,
  timeslotId: number,
  participants: number,
  cutoffMinutes: number,
  now: Date,
) {
  for (;;) {
    const taken = await tx.$queryRaw<{ starts_at: Date }[]>`
      UPDATE timeslots
         SET places_taken = places_taken + ${participants}, updated_at = ${now}
       WHERE id = ${timeslotId} AND ${placesFit(participants, cutoffMinutes, now)}
      RETURNING starts_at`;
    const [row] = taken;
    if (row) return row.starts_at;
    const slot = await tx.timeslot.findUniqueOrThrow({ where: { id: timeslotId } });
    const refusal = placesRefusal(slot, participants, cutoffMinutes, now);
    // No refusal: places were freed between the UPDATE and the read, so try again.
    if (refusal) throw refusal;
  }
}
