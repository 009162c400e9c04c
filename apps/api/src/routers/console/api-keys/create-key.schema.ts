import { z } from "zod";

import { API_SCOPES, integerField, textField } from "@slotwise/core";

export const createKeyInput = z.object({
  name: textField("name", 0, 200).default(""),
  scopes: z.array(z.enum(API_SCOPES)).min(1, { error: "Choose at least one scope" }),
  partner: textField("partner", 0, 64).optional(),
  expiresInDays: integerField("expiresInDays")
    .min(1, { error: "expiresInDays must be at least 1" })
    .max(3650, { error: "expiresInDays must be at most 3650" })
    .optional(),
});
