import { z } from "zod";

import {
  boundedField,
  cancellationPolicyField,
  DEFAULT_UNIT_ID,
  INT4_MAX,
  integerField,
  MAX_UNIT_TYPES,
  patternField,
  QUESTION_ID_PATTERN,
  QUESTION_TYPES,
  stringField,
  textField,
  timeZoneField,
  UNIT_ID_PATTERN,
} from "@slotwise/core";

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const MAX_QUESTIONS = 50;
const MAX_PARTNERS = 200;

const bounded = (field: string, min: number, max: number) =>
  integerField(field)
    .min(min, { error: `${field} must be at least ${min}` })
    .max(max, { error: `${field} must be at most ${max}` });

const ageField = (field: string) => bounded(field, 0, 150).nullable().optional();

const currencyField = (field: string) =>
  stringField(field).refine((code) => CURRENCIES.has(code), {
    error: `${field} must be an ISO 4217 code such as EUR`,
  });

const unitsField = z
  .array(
    z.object({
      ID: patternField("ID", UNIT_ID_PATTERN, "lower-case letters, digits, - or _, starting with a letter"),
      Label: textField("Label", 1, 100),
      MinAge: ageField("MinAge"),
      MaxAge: ageField("MaxAge"),
      // Currency as products answer it: when given, it must be the activity's.
      Price: z.object({ Amount: bounded("Amount", 0, INT4_MAX), Currency: currencyField("Currency").optional() }),
    }),
  )
  .min(1, { error: "Units must list at least one unit" })
  .max(MAX_UNIT_TYPES, { error: `Units must list at most ${MAX_UNIT_TYPES} units` })
  .refine((units) => units.some((unit) => unit.ID === DEFAULT_UNIT_ID), {
    error: "Units must include adult: every activity sells adults",
  })
  .refine((units) => new Set(units.map((unit) => unit.ID)).size === units.length, {
    error: "Units must not list the same ID twice",
  });

const questionsField = z
  .array(
    z
      .object({
        ID: patternField("ID", QUESTION_ID_PATTERN, "a question ID such as q_7Hk2Pq9Lm").optional(),
        Label: textField("Label", 1, 500),
        Type: z.enum(QUESTION_TYPES, { error: `Type must be one of ${QUESTION_TYPES.join(", ")}` }),
        Required: z.boolean({ error: "Required must be true or false" }).default(false),
        HelpText: boundedField("HelpText", 2_000).nullable().default(null),
        Options: z
          .array(textField("Options", 1, 200))
          .max(100, { error: "Options has at most 100 items" })
          .default([]),
        Accept: z.array(boundedField("Accept", 100)).max(20, { error: "Accept has at most 20 items" }).default([]),
        MaxFileSizeMB: bounded("MaxFileSizeMB", 1, 100).nullable().default(null),
      })
      .refine((q) => !(q.Type === "select" || q.Type === "multiselect") || q.Options.length > 0, {
        error: "Options must list at least one choice for a select question",
        path: ["Options"],
      }),
  )
  .max(MAX_QUESTIONS, { error: `Questions has at most ${MAX_QUESTIONS} questions` })
  .refine((qs) => new Set(qs.flatMap((q) => (q.ID ? [q.ID] : []))).size === qs.filter((q) => q.ID).length, {
    error: "Questions must not list the same ID twice",
  });

const partnersField = z.union(
  [
    z.literal("all"),
    z
      .array(boundedField("Partners", 64))
      .max(MAX_PARTNERS, { error: `Partners has at most ${MAX_PARTNERS} slugs` })
      .refine((slugs) => new Set(slugs).size === slugs.length, { error: "Partners must not list a slug twice" }),
  ],
  { error: 'Partners must be "all" or a list of partner slugs' },
);

/** Every field of an activity (contract section 17), each optional: a PATCH gives any of them. */
export const activityFields = z.object({
  Name: textField("Name", 1, 200).optional(),
  Description: stringField("Description")
    .max(5_000, { error: "Description must be at most 5000 characters" })
    .optional(),
  DurationMinutes: bounded("DurationMinutes", 5, 1_440).optional(),
  TimeZone: timeZoneField("TimeZone").optional(),
  Location: stringField("Location").max(300, { error: "Location must be at most 300 characters" }).optional(),
  Currency: currencyField("Currency").optional(),
  BookingCutoffMinutes: bounded("BookingCutoffMinutes", 0, 10_080).optional(),
  MaxParticipants: bounded("MaxParticipants", 1, 1_000).optional(),
  Units: unitsField.optional(),
  Questions: questionsField.optional(),
  Partners: partnersField.optional(),
  CancellationPolicy: cancellationPolicyField.nullable().optional(),
  Active: z.boolean({ error: "Active must be true or false" }).optional(),
});

export type ActivityFieldsInput = z.infer<typeof activityFields>;
