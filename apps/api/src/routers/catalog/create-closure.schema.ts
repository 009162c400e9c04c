import { z } from "zod";

import { dateField, daySpan, stringField } from "@slotwise/core";

import { activityIdParam } from "../../inputs/path-params.ts";

/** A closure covers at most a year: a longer one is archiving the activity (Active: false). */
export const MAX_CLOSURE_DAYS = 366;

export const createClosureInput = z
  .object({
    ActivityID: activityIdParam,
    From: dateField("From"),
    To: dateField("To"),
    Reason: stringField("Reason").trim().max(500, { error: "Reason must be at most 500 characters" }).default(""),
  })
  .refine((c) => c.To >= c.From, { error: "To must not be before From", path: ["To"], abort: true })
  .refine((c) => daySpan(c.From, c.To) <= MAX_CLOSURE_DAYS, {
    error: `A closure covers at most ${MAX_CLOSURE_DAYS} days; archive the activity (Active: false) to stop selling it`,
    path: ["To"],
  });
