import { z } from "zod";

import { idField, integerField } from "@slotwise/core";

export const changeTimeslotInput = z.object({
  timeslotId: idField("timeslotId"),
  capacity: integerField("capacity")
    .min(0, { error: "capacity must be at least 0" })
    .max(10_000, { error: "capacity must be at most 10000" })
    .optional(),
  closed: z.boolean().optional(),
});
