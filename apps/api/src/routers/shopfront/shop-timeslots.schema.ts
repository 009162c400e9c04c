import { z } from "zod";

import { dateField } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";
import { operatorSlug } from "./shop-operator.ts";

export const shopTimeslotsInput = z.object({
  operator: operatorSlug,
  ActivityID: activityIdParam,
  Date: dateField("Date"),
});
