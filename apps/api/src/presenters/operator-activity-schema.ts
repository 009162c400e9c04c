import { z } from "zod";

import { moneySchema } from "./money-schema.ts";

const questionSchema = z.object({
  ID: z.string(),
  Label: z.string(),
  Type: z.string(),
  Required: z.boolean(),
  HelpText: z.string().nullable(),
  Options: z.array(z.string()),
  Accept: z.array(z.string()),
  MaxFileSizeMB: z.int().nullable(),
});

export const operatorActivitySchema = z
  .object({
    ID: z.int(),
    ActivityID: z.string(),
    Name: z.string(),
    Description: z.string(),
    DurationMinutes: z.int(),
    TimeZone: z.string(),
    Location: z.string(),
    Currency: z.string(),
    BookingCutoffMinutes: z.int(),
    MaxParticipants: z.int(),
    Units: z.array(
      z.object({
        ID: z.string(),
        Label: z.string(),
        MinAge: z.int().nullable(),
        MaxAge: z.int().nullable(),
        Price: moneySchema,
      }),
    ),
    Questions: z.array(questionSchema),
    Partners: z.union([z.literal("all"), z.array(z.string())]),
    CancellationPolicy: z.array(z.object({ HoursBefore: z.int(), RefundPercent: z.int() })).nullable(),
    Active: z.boolean(),
  })
  .meta({ id: "OperatorActivity" });

export type OperatorActivityView = z.infer<typeof operatorActivitySchema>;
