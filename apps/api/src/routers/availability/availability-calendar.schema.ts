import { z } from "zod";

import { dateRangeCheck } from "@slotwise/core";

import { activityIdParam, dateParam, partnerParam } from "../../inputs/path-params.ts";

export const availabilityCalendarInput = z
  .object({
    partner: partnerParam,
    ActivityID: activityIdParam,
    StartDate: dateParam("StartDate"),
    EndDate: dateParam("EndDate"),
  })
  .check(dateRangeCheck("StartDate", "EndDate"));
