import { z } from "zod";

import { stringField, textField } from "../validation/fields.ts";
import { anyMeterNameField } from "./meter-name.ts";
import { usageAmountField } from "./usage-entry.ts";

/** Whatever operators send stays bounded (docs/decisions/meter-definitions.md). */
export const MAX_METER_DEFINITIONS = 100;
export const MAX_THRESHOLDS_PER_METER = 10;
/**
 * Threshold e-mails an operator receives at most per local day (day thresholds) and per local
 * month (month thresholds), whatever the definitions and their edits
 * (docs/decisions/threshold-notice-bounds.md).
 */
export const MAX_THRESHOLD_EMAILS_PER_PERIOD = 20;
export const MAX_UNIT_LENGTH = 20;
export const MAX_METER_DESCRIPTION_LENGTH = 500;

export const THRESHOLD_PERIODS = ["day", "month"] as const;
export type ThresholdPeriod = (typeof THRESHOLD_PERIODS)[number];

export const thresholdSchema = z.object({
  Period: z.enum(THRESHOLD_PERIODS, { error: "Period must be day or month" }),
  Value: usageAmountField("Value"),
});

/** A meter definition as the console sends it and `GET /usage/meter-definitions` answers it (contract section 14). */
export const meterDefinitionSchema = z.object({
  Meter: anyMeterNameField("Meter"),
  Unit: textField("Unit", 1, MAX_UNIT_LENGTH)
    .nullable()
    .default(null)
    .meta({ description: "A short label shown beside the meter's figures (GB, calls, SMS); null when it has none" }),
  Description: stringField("Description")
    .trim()
    .max(MAX_METER_DESCRIPTION_LENGTH, {
      error: `Description must be at most ${MAX_METER_DESCRIPTION_LENGTH} characters`,
    })
    .default(""),
  Thresholds: z
    .array(thresholdSchema, { error: "Thresholds must be a list of { Period, Value }" })
    .max(MAX_THRESHOLDS_PER_METER, { error: `Thresholds must hold at most ${MAX_THRESHOLDS_PER_METER} thresholds` })
    .refine((list) => new Set(list.map((t) => `${t.Period}:${t.Value}`)).size === list.length, {
      error: "Thresholds must not repeat a period and value",
    })
    .default([]),
});

export type MeterDefinitionInput = z.output<typeof meterDefinitionSchema>;
export type Threshold = z.output<typeof thresholdSchema>;
