import { z } from "zod";

import { EARLIEST_DATE, isCalendarDate, LATEST_DATE, TIME_PATTERN } from "../time/calendar.ts";
import { isTimeZone, MAX_ZONE_LENGTH } from "../time/zones.ts";
import { textProblem } from "./text.ts";

/**
 * Field builders whose messages name the field in the contract's words, so that a partner
 * reading `detail` knows what to fix without the documentation. Every input field is built
 * here, so each rule holds alike for REST, /trpc, the shopfront and the console.
 */
function typeError(field: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;
}

/** The largest value of PostgreSQL's `integer`, the type of every id column. */
export const INT4_MAX = 2_147_483_647;
/** RFC 5321's limit on a forward path, and the width of the e-mail columns. */
export const MAX_EMAIL_LENGTH = 254;

/** The one spelling of a sign-in e-mail: addresses differ by case only in theory, never in practice. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Any string that can be stored as text: no NUL, no lone surrogate. Checked before anything else. */
export function stringField(field: string) {
  return z.string({ error: typeError(field, "a string") }).check((ctx) => {
    const problem = textProblem(ctx.value);
    if (problem) ctx.issues.push({ code: "custom", message: `${field} ${problem}`, input: ctx.value, continue: false });
  });
}

/** Trimmed text of `min`..`max` characters. */
export function textField(field: string, min: number, max: number) {
  return stringField(field)
    .trim()
    .min(min, {
      error: min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`,
      abort: true,
    })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** A string of at most `max` characters, taken as sent (a slug, a reference, a filter). */
export function boundedField(field: string, max: number) {
  return stringField(field).max(max, { error: `${field} must be at most ${max} characters`, abort: true });
}

export function integerField(field: string) {
  return z.number({ error: typeError(field, "a whole number") }).int({ error: `${field} must be a whole number` });
}

/** A row id, within what PostgreSQL's `integer` column holds. */
export function idField(field: string) {
  const range = `${field} must be a whole number from 1 to ${INT4_MAX}`;
  return integerField(field).min(1, { error: range }).max(INT4_MAX, { error: range });
}

export function patternField(field: string, pattern: RegExp, expected: string) {
  return stringField(field).regex(pattern, { error: `${field} must be ${expected}` });
}

/** A real `YYYY-MM-DD` date of the years 1970 to 9999. */
export function dateField(field: string) {
  return stringField(field)
    .refine(isCalendarDate, { error: `${field} must be a real date in YYYY-MM-DD form`, abort: true })
    .refine((value) => value >= EARLIEST_DATE, { error: `${field} must be on or after ${EARLIEST_DATE}` })
    .refine((value) => value <= LATEST_DATE, { error: `${field} must be on or before ${LATEST_DATE}` });
}

/** A 24-hour `HH:MM` time. */
export function timeField(field: string) {
  return patternField(field, TIME_PATTERN, "a 24-hour time in HH:MM form");
}

/** An e-mail address of at most 254 characters, trimmed and lower-cased. */
export function emailField(field: string) {
  return stringField(field)
    .trim()
    .max(MAX_EMAIL_LENGTH, { error: `${field} must be at most ${MAX_EMAIL_LENGTH} characters`, abort: true })
    .pipe(z.email({ error: `${field} must be an e-mail address` }))
    .transform((e) => e.toLowerCase());
}

/** An IANA zone name the application knows; zone arithmetic never leaves it. */
export function timeZoneField(field: string) {
  return boundedField(field, MAX_ZONE_LENGTH).refine(isTimeZone, {
    error: `${field} must be an IANA time zone name such as Europe/Lisbon`,
  });
}
