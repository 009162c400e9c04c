import { z } from "zod";

import { instantToLocal, toOffsetIso } from "@slotwise/core";

export const operatorTimeslotSchema = z.object({
  Date: z.string(),
  Time: z.string(),
  StartsAt: z.string(),
  Capacity: z.int(),
  Closed: z.boolean(),
});

export function presentTimeslot(
  slot: { startsAt: Date; capacity: number; closed: boolean },
  zone: string,
): z.infer<typeof operatorTimeslotSchema> {
  const local = instantToLocal(slot.startsAt, zone);
  return {
    Date: local.date,
    Time: local.time,
    StartsAt: toOffsetIso(slot.startsAt, zone),
    Capacity: slot.capacity,
    Closed: slot.closed,
  };
}
