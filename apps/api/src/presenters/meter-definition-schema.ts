import { z } from "zod";

import { THRESHOLD_PERIODS } from "@slotwise/core";

export const meterDefinitionOutputSchema = z
  .object({
    Meter: z.string(),
    Unit: z.string().nullable().meta({ description: "Shown beside the meter's figures; null when it has none" }),
    Description: z.string(),
    Thresholds: z.array(z.object({ Period: z.enum(THRESHOLD_PERIODS), Value: z.number() })).meta({
      description:
        "Totals per local day or month of the operator's time zone; reaching one sends the operator one e-mail and one console notice per period",
    }),
  })
  .meta({
    id: "MeterDefinition",
    examples: [
      {
        Meter: "storage-gb",
        Unit: "GB",
        Description: "Photos kept for customers",
        Thresholds: [
          { Period: "day", Value: 50 },
          { Period: "month", Value: 1000 },
        ],
      },
    ],
  });

export type MeterDefinitionOutput = z.output<typeof meterDefinitionOutputSchema>;
