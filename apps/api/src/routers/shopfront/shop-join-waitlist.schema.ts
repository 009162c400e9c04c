import { z } from "zod";

import { boundedField, customerSchema, dateField, participantsField, timeField } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";
import { operatorSlug } from "./shop-operator.ts";

export const shopJoinWaitlistInput = z.object({
  operator: operatorSlug,
  ActivityID: activityIdParam,
  Date: dateField("Date"),
  Time: timeField("Time"),
  Participants: participantsField("Participants"),
  Customer: customerSchema,
  MultiBookingID: boundedField("MultiBookingID", 40).optional(),
});
