import { ACTIVITY_ID_PATTERN, boundedField, dateField, patternField } from "@slotwise/core";

/** Path and query parameters shared by the OTA endpoints. */
export const partnerParam = boundedField("partner", 64).meta({
  description: "Your partner slug, as bound to your API key",
  examples: ["acme-travel"],
});

export const activityIdParam = patternField(
  "ActivityID",
  ACTIVITY_ID_PATTERN,
  "s_ followed by 6 to 32 letters or digits",
).meta({
  description: "The activity's ActivityID",
  examples: ["s_7Hk2Pq9Lm"],
});

export function dateParam(name: string) {
  return dateField(name).meta({
    description: "A date in YYYY-MM-DD form (1970-01-01 to 9998-12-31), local to the activity",
    examples: ["2026-12-01"],
  });
}

export const referenceParam = boundedField("Reference", 16).meta({
  description: "The booking reference",
  examples: ["BK-7Q3M9XK2"],
});

export const orderIdParam = boundedField("OrderID", 40).meta({
  description: "The order's OrderID",
  examples: ["ord_7Hk2Pq9Lm3Xa8Bc4De5F"],
});
