import { instantToLocal, toOffsetIso } from "@slotwise/core";

import type { OperatorTimeslotView } from "./operator-timeslot-schema.ts";

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
