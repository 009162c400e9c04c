import { z } from "zod";

import { boundedField, dateField, idField } from "@slotwise/core";

export const manifestDayInput = z.object({
  /** A local date; today in the operator's time zone when absent. */
  date: dateField("date").optional(),
});

export const manifestCheckInInput = z.object({
  code: boundedField("code", 64),
});

export const markNoShowsInput = z.object({
  timeslotId: idField("timeslotId"),
});

/** A guest's waiver: complete, or a required answer still missing (shown as a warning). */
export type ManifestWaiver = "complete" | "missing";
