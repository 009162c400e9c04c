import { ConflictError, takePlaces } from "@slotwise/core";
import type { Tx } from "../tx.ts";

/**
 * Takes `participants` places of a timeslot in one conditional UPDATE: two transactions can
 * never both pass the check, whatever the number of API processes, and the CHECK constraint
 * on the table is the last line of defence. When the UPDATE matches no row, the slot is read
 * back to tell the customer why, in the words of the core rule.
 */
export async function takePlacesInTx(tx: Tx, timeslotId: number, participants: number, cutoffMinutes: number, now: Date) {
  for (;;) {
    const taken = await tx.$queryRaw<{ starts_at: Date }[]>`
      UPDATE timeslots
         SET places_taken = places_taken + ${participants}, updated_at = ${now}
       WHERE id = ${timeslotId}
         AND NOT closed
         AND starts_at - make_interval(mins => ${cutoffMinutes}) > ${now}
         AND places_taken + ${participants} <= capacity
      RETURNING starts_at`;
    const [row] = taken;
    if (row) return row.starts_at;
    const slot = await tx.timeslot.findUniqueOrThrow({ where: { id: timeslotId } });
    const outcome = takePlaces(slot, participants, cutoffMinutes, now);
    if (outcome.ok) continue; // places were freed between the UPDATE and the read: try again
    if (outcome.reason === "insufficient-capacity") {
      throw new ConflictError("insufficient-capacity", `Only ${outcome.available} places are left in this timeslot; ${participants} were requested`, {
        available: outcome.available,
      });
    }
    const why = { started: "has already started", cutoff: "is past its booking cut-off", closed: "is closed", full: "is full" }[outcome.detail];
    throw new ConflictError("timeslot-unavailable", `This timeslot ${why}`);
  }
}
