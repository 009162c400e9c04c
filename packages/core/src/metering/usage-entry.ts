import { z } from "zod";

import { integerField, stringField } from "../validation/fields.ts";
import { ExactDecimal as Decimal } from "./exact-decimal.ts";
import { meterNameField } from "./meter-name.ts";

/** 2000-01-01T00:00:00Z: earlier timestamps are almost always milliseconds or garbage. */
export const EARLIEST_OCCURRED_AT = 946_684_800;
export const MAX_FUTURE_SECONDS = 24 * 60 * 60;
/**
 * Raw entries are kept this many days unless USAGE_RETENTION_DAYS says otherwise; older usage
 * lives on in the rollups only (docs/decisions/retention.md).
 */
export const DEFAULT_USAGE_RETENTION_DAYS = 400;
/**
 * Usage bounds (docs/decisions/usage-bounds.md): at most the 15 significant digits that
 * every double carries exactly, so the number stored is the number the client wrote; at most
 * 6 decimal places, so that any total below 10^9 still has at most 15 digits and reaches a
 * client's double exactly; below 10^15, so every whole value is an exact double.
 */
export const USAGE_DECIMAL_PLACES = 6;
export const USAGE_SIGNIFICANT_DIGITS = 15;
export const USAGE_LIMIT = 1e15;

const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

/** Why `amount` (already known to be a finite number below the limit) has too many digits, or null. */
function digitsProblem(field: string, amount: number): string | null {
  // An exact decimal reads a number from its shortest text, as here. Text without an exponent,
  // of at most 15 digits (leading zeros counted) and 6 places, meets both bounds: no decimal
  // needs building, which is a visible share of the API's CPU under batches of usage.
  const text = String(amount);
  if (PLAIN_NUMBER.test(text)) {
    const point = text.indexOf(".");
    const places = point < 0 ? 0 : text.length - point - 1;
    if (places <= USAGE_DECIMAL_PLACES && text.length - (point < 0 ? 0 : 1) <= USAGE_SIGNIFICANT_DIGITS) return null;
  }
  const exact = new Decimal(amount);
  if (exact.decimalPlaces() > USAGE_DECIMAL_PLACES)
    return `${field} must have at most ${USAGE_DECIMAL_PLACES} decimal places`;
  if (exact.precision() > USAGE_SIGNIFICANT_DIGITS)
    return `${field} must have at most ${USAGE_SIGNIFICANT_DIGITS} significant digits`;
  return null;
}

const USAGE_DESCRIPTION =
  "Greater than 0 and less than 1e15, with at most 6 decimal places and at most 15 significant digits (what every double carries exactly): " +
  "stored exactly as sent, never rounded. Totals below 1e9, and whole-number totals up to 2^53, come back exact.";

/**
 * An exact amount of usage, as a JSON number under the usage bounds: what an entry records,
 * and what a meter's threshold is compared with, so both are stored as written.
 */
export function usageAmountField(field: string) {
  return z
    .number({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a JSON number`) })
    .positive({ error: `${field} must be greater than 0` })
    .lt(USAGE_LIMIT, { error: `${field} must be less than 1e15` })
    .check((ctx) => {
      const problem = ctx.value < USAGE_LIMIT ? digitsProblem(field, ctx.value) : null;
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
    })
    .meta({ description: USAGE_DESCRIPTION });
}

/** The body of `POST /usage/meters` (contract section 8), all but the bound that needs a clock. */
export const usageEntryBodySchema = z.object({
  Meter: meterNameField("Meter"),
  Usage: usageAmountField("Usage"),
  ExtraInfo: stringField("ExtraInfo").max(10_000, { error: "ExtraInfo must be at most 10000 characters" }).nullish(),
  OccurredAt: integerField("OccurredAt")
    .min(EARLIEST_OCCURRED_AT, { error: "OccurredAt must be Unix seconds on or after 2000-01-01 (946684800)" })
    .optional(),
  EventID: stringField("EventID")
    .min(1, { error: "EventID must not be empty" })
    .max(100, { error: "EventID must be at most 100 characters" })
    .optional()
    .meta({ description: "Your own name for the event: an EventID already recorded is not recorded again" }),
});

export const MAX_BATCH_ENTRIES = 1_000;

/** The body of `POST /usage/meters/batch` (contract section 13): validated whole. */
export const usageBatchBodySchema = z.object({
  Entries: z
    .array(
      z.object(usageEntryBodySchema.shape, {
        error: "each of Entries must be a usage entry: an object with Meter and Usage",
      }),
      { error: "Entries must be a list of usage entries" },
    )
    .min(1, { error: "Entries must hold at least one entry" })
    .max(MAX_BATCH_ENTRIES, { error: `Entries must hold at most ${MAX_BATCH_ENTRIES} entries` }),
});

/** The instant before which usage entries are past the retention age. */
export function usageRetentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

/**
 * Why `occurredAt` (Unix seconds) cannot be recorded at `now`, or null, the message naming the
 * entry's `field` as the batch's other refusals do (`Entries[3].OccurredAt`): too far ahead of the
 * server clock, or older than the retention age. An entry that old would fall in a month whose
 * raw entries are dropped, and its EventID would be forgotten with them, so a retry of it could
 * be counted twice: it is refused instead.
 */
export function occurredAtProblem(
  field: string,
  occurredAt: number | undefined,
  now: Date,
  retentionDays: number,
): string | null {
  if (occurredAt === undefined) return null;
  if (occurredAt > Math.floor(now.getTime() / 1000) + MAX_FUTURE_SECONDS)
    return `${field} must not be more than 24 hours ahead of the server clock`;
  if (occurredAt * 1000 < usageRetentionCutoff(now, retentionDays).getTime())
    return `${field} must not be more than ${retentionDays} days before the server clock (the retention of usage entries)`;
  return null;
}

/** The whole rule, judged against the server clock `now`. */
export function usageEntrySchema(now: Date, retentionDays = DEFAULT_USAGE_RETENTION_DAYS) {
  return usageEntryBodySchema.check((ctx) => {
    const problem = occurredAtProblem("OccurredAt", ctx.value.OccurredAt, now, retentionDays);
    if (problem)
      ctx.issues.push({ code: "custom", path: ["OccurredAt"], message: problem, input: ctx.value.OccurredAt });
  });
}

export type UsageEntryInput = z.output<typeof usageEntryBodySchema>;
