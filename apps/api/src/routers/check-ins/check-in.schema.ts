import { z } from "zod";

import { boundedField } from "@slotwise/core";

export const checkInInput = z.object({
  Code: boundedField("Code", 64).meta({ description: "The ticket's code, as its QR code carries it" }),
});

export const checkInOutput = z.object({
  data: z.object({
    Reference: z.string(),
    UnitID: z.string(),
    CheckedInAt: z.string().meta({ description: "ISO 8601: the first scan's time, on every scan" }),
    FirstScan: z.boolean(),
  }),
});
