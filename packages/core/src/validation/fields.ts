import { z } from "zod";

/**
 * Field builders whose messages name the field in the contract's words, so that a partner
 * reading `detail` knows what to fix without the documentation.
 */
function typeError(field: string, expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`);
}

export function stringField(field: string) {
  return z.string({ error: typeError(field, "a string") });
}

/** Trimmed text of `min`..`max` characters. */
export function textField(field: string, min: number, max: number) {
  return stringField(field)
    .trim()
    .min(min, { error: min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters` })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

export function integerField(field: string) {
  return z.number({ error: typeError(field, "a whole number") }).int({ error: `${field} must be a whole number` });
}

export function patternField(field: string, pattern: RegExp, expected: string) {
  return stringField(field).regex(pattern, { error: `${field} must be ${expected}` });
}

export function refinedField(field: string, check: (value: string) => boolean, expected: string) {
  return stringField(field).refine(check, { error: `${field} must be ${expected}` });
}
