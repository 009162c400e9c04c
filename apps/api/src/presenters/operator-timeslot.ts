import { instantToLocal, toOffsetIso } from "@slotwise/core";

import type { OperatorTimeslotView } from "./operator-timeslot-schema.ts";

/** A timeslot as its operator manages it, at its local date and time in the activity's zone. */
export function presentOperatorTimeslot(
  slot: { startsAt: Date; capacity: number; closed: boolean },
  zone: string,
): OperatorTimeslotView {
  const local = instantToLocal(slot.startsAt, zone);
  return {
    Date: local.date,
    Time: local.time,
    StartsAt: toOffsetIso(slot.startsAt, zone),
    Capacity: slot.capacity,
    Closed: slot.closed,
  };
}
