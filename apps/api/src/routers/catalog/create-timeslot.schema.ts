import { z } from "zod";

import { dateField, integerField, timeField } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";

export const capacityField = integerField("Capacity")
  .min(0, { error: "Capacity must be at least 0" })
  .max(10_000, { error: "Capacity must be at most 10000" });

export const createTimeslotInput = z.object({
  ActivityID: activityIdParam,
  Date: dateField("Date"),
  Time: timeField("Time"),
  Capacity: capacityField,
});
