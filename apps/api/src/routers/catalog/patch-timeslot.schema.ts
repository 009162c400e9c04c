import { z } from "zod";

import { dateField, timeField } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";
import { capacityField } from "./create-timeslot.schema.ts";

export const patchTimeslotInput = z.object({
  ActivityID: activityIdParam,
  Date: dateField("Date"),
  Time: timeField("Time"),
  Capacity: capacityField.optional(),
  Closed: z.boolean({ error: "Closed must be true or false" }).optional(),
});
