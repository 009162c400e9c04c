import { z } from "zod";

import { dateField } from "@slotwise/core";

/** The day of a manifest, read as a page or as CSV. */
export const manifestDayInput = z.object({
  /** A local date; today in the operator's time zone when absent. */
  date: dateField("date").optional(),
});
