import { ExactDecimal as Decimal } from "./exact-decimal.ts";
import { z } from "zod";
import { integerField, stringField, textField } from "../validation/fields.ts";
import { BUILT_IN_METER_NAMES } from "./built-in-meters.ts";

/** 2000-01-01T00:00:00Z: earlier timestamps are almost always milliseconds or garbage. */
export const EARLIEST_OCCURRED_AT = 946_684_800;
export const MAX_FUTURE_SECONDS = 24 * 60 * 60;
/** Usage is stored as numeric(38, 12). */
export const USAGE_SCALE = 12;
export const USAGE_MAX = new Decimal("1e26");

function isReserved(meter: string): boolean {
  return BUILT_IN_METER_NAMES.some((name) => name === meter.toLowerCase());
}

/** The body of `POST /usage/meters` (contract section 8), all but the bound that needs a clock. */
export const usageEntryBodySchema = z.object({
  Meter: textField("Meter", 1, 100).refine((m) => !isReserved(m), {
    error: `Meter names ${BUILT_IN_METER_NAMES.join(", ")} are reserved for built-in meters`,
  }),
  Usage: z
    .number({ error: (i) => (i.input === undefined ? "Usage is required" : "Usage must be a JSON number") })
    .positive({ error: "Usage must be greater than 0" })
    .refine((u) => new Decimal(u).decimalPlaces() <= USAGE_SCALE, { error: `Usage must have at most ${USAGE_SCALE} decimal places` })
    .refine((u) => new Decimal(u).lessThan(USAGE_MAX), { error: "Usage must be less than 1e26" }),
  ExtraInfo: stringField("ExtraInfo").max(10_000, { error: "ExtraInfo must be at most 10000 characters" }).nullish(),
  OccurredAt: integerField("OccurredAt").min(EARLIEST_OCCURRED_AT, { error: "OccurredAt must be Unix seconds on or after 2000-01-01 (946684800)" }).optional(),
});

/** Why `occurredAt` (Unix seconds) is too far ahead of the server clock `now`, or null. */
export function futureOccurredAtProblem(occurredAt: number | undefined, now: Date): string | null {
  if (occurredAt === undefined) return null;
  return occurredAt > Math.floor(now.getTime() / 1000) + MAX_FUTURE_SECONDS ? "OccurredAt must not be more than 24 hours ahead of the server clock" : null;
}

/** The whole rule, judged against the server clock `now`. */
export function usageEntrySchema(now: Date) {
  return usageEntryBodySchema.check((ctx) => {
    const problem = futureOccurredAtProblem(ctx.value.OccurredAt, now);
    if (problem) ctx.issues.push({ code: "custom", path: ["OccurredAt"], message: problem, input: ctx.value.OccurredAt });
  });
}

export type UsageEntryInput = z.output<typeof usageEntryBodySchema>;
