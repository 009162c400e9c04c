import { z } from "zod";

import { idField, INT4_MAX, integerField, patternField, textField, UNIT_ID_PATTERN } from "@slotwise/core";

export const productInput = z.object({ productId: idField("productId") });

const unitIdField = patternField(
  "unitId",
  UNIT_ID_PATTERN,
  "lower-case letters, digits, - or _, starting with a letter",
);
const ageField = (field: string) =>
  integerField(field)
    .min(0, { error: `${field} must be at least 0` })
    .max(150, { error: `${field} must be at most 150` })
    .nullable();

/** A unit type as added or changed. */
export const unitTypeInput = productInput
  .extend({
    unitId: unitIdField,
    label: textField("label", 1, 100),
    minAge: ageField("minAge"),
    maxAge: ageField("maxAge"),
    priceAmount: integerField("priceAmount")
      .min(0, { error: "priceAmount must be at least 0" })
      .max(INT4_MAX, { error: `priceAmount must be at most ${INT4_MAX} minor units` }),
  })
  .refine((unit) => unit.minAge === null || unit.maxAge === null || unit.minAge <= unit.maxAge, {
    error: "maxAge must be at least minAge",
    path: ["maxAge"],
  });

export const retireUnitTypeInput = productInput.extend({ unitId: unitIdField });
