import { z } from "zod";

import type { DimensionValue } from "@slotwise/core";

const valueSchema = z.union([z.string(), z.number(), z.boolean()]).nullable();

function isGroupValues(input: unknown): input is Record<string, DimensionValue | null> {
  if (typeof input !== "object" || input === null || Object.getPrototypeOf(input) !== Object.prototype) return false;
  return Object.values(input).every((value) => valueSchema.safeParse(value).success);
}

/**
 * A group's `Values`: each groupBy name with the entries' value. Not a `z.record`, which leaves
 * out a member named `__proto__` from the object it builds: here `__proto__` is a dimension name
 * like any other (ExtraInfo may carry it), so the members are checked and the object is answered
 * as the summary built it, every own member kept.
 */
export const groupValuesSchema = z.custom<Record<string, DimensionValue | null>>(isGroupValues).meta({
  description: "Each groupBy name with the entries' value, typed as recorded; null for entries without it",
  override: {
    type: "object",
    propertyNames: { type: "string" },
    additionalProperties: { type: ["string", "number", "boolean", "null"] },
  },
});
