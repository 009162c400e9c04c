import { remembered } from "../memo/remembered.ts";
import { textField } from "../validation/fields.ts";
import { BUILT_IN_METER_NAMES, type BuiltInMeterName } from "./built-in-meters.ts";

export const METER_NAME_PATTERN = /^[A-Za-z0-9._:/-]+$/;

export const METER_NAME_RULE =
  "1 to 100 characters after trimming, each an ASCII letter or digit or one of - _ . : / (so no name can hide invisible or look-alike characters). " +
  `Names that read as a built-in meter (${BUILT_IN_METER_NAMES.join(", ")}) are reserved, whatever their case, separators, or 0/O, 1/l/I, rn/m, vv/w look-alikes.`;

/** What a name reads as: case, separators and the ASCII look-alikes 0/o, 1/l/i, rn/m, vv/w do not count. */
function skeleton(name: string): string {
  return name
    .toLowerCase()
    .replace(/[-_.:/]/g, "")
    .replace(/0/g, "o")
    .replace(/[1i]/g, "l")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

const BY_SKELETON = new Map(BUILT_IN_METER_NAMES.map((name) => [skeleton(name), name]));

/**
 * The built-in meter that `name` could pass for, if any. Remembered: a batch names the same few
 * meters a thousand times, and five replacements per name are a visible share of its API CPU.
 */
export const builtInLookAlike = remembered(
  (name: string): BuiltInMeterName | undefined => BY_SKELETON.get(skeleton(name)),
  (name) => name,
  { entries: 10_000, keyLength: 100 },
);

/** The alphabet and length every meter name keeps (contract section 8, docs/decisions/input-rules.md). */
function meterNameText(field: string) {
  return textField(field, 1, 100).regex(METER_NAME_PATTERN, {
    error: `${field} must use only ASCII letters, digits and - _ . : /`,
    abort: true,
  });
}

/** A custom meter's name (contract section 8, with the safe alphabet of docs/decisions/input-rules.md). */
export function meterNameField(field: string) {
  return meterNameText(field)
    .check((ctx) => {
      const builtIn = builtInLookAlike(ctx.value);
      if (!builtIn) return;
      const message =
        builtIn === ctx.value.toLowerCase()
          ? `${field} names ${BUILT_IN_METER_NAMES.join(", ")} are reserved for built-in meters`
          : `${field} must not look like the built-in meter ${builtIn}`;
      ctx.issues.push({ code: "custom", message, input: ctx.value });
    })
    .meta({ description: METER_NAME_RULE });
}

/**
 * Any name usage can be recorded under, built-in meters included by their exact names: what a
 * meter definition or a reader names. A look-alike of a built-in name is refused, since no usage
 * can ever be recorded under it.
 */
export function anyMeterNameField(field: string) {
  return meterNameText(field).check((ctx) => {
    const builtIn = builtInLookAlike(ctx.value);
    if (builtIn && builtIn !== ctx.value)
      ctx.issues.push({
        code: "custom",
        message: `${field} must be ${builtIn} exactly, or not look like it`,
        input: ctx.value,
      });
  });
}
