import { z } from "zod";

import { daySpan, isCalendarDate } from "../time/calendar.ts";
import { dateRangeCheck } from "../validation/date-range.ts";
import { dimensionParameterSpelling } from "./dimension-parameter-spelling.ts";
import { anyMeterNameField } from "./meter-name.ts";
import { periodQueryFields } from "./period.ts";

export const USAGE_WINDOWS = ["hour", "day", "month"] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];

/** Hour windows only up to a month: 31 days of hours are 744 points per meter. */
export const MAX_HOUR_WINDOW_DAYS = 31;
/**
 * Series in one answer: 25 meters of 745 hours are 18,625 points (about 1.8 MB of JSON), the
 * most one request may cost; more meters take more requests.
 */
export const MAX_SERIES_METERS = 25;

// A query string gives one `meter` as a string and several as an array.
const meterList = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z
    .array(anyMeterNameField("meter"))
    .max(MAX_SERIES_METERS, { error: `meter may be given at most ${MAX_SERIES_METERS} times` })
    .transform((names) => [...new Set(names)]),
);

/**
 * Why query parameter `key` of the series is refused, or null. The series has no dimensions:
 * ignoring `groupBy` or `filter.<name>` (or another spelling of them) would answer every
 * entry's total where the caller asked for a part of it, so they are refused, naming the
 * summary, which has them.
 */
function dimensionParameterProblem(key: string, value: unknown): string | null {
  if (key === "groupBy" || key.startsWith("filter.") || dimensionParameterSpelling(key, value) !== null)
    return `${key} is not a parameter of the series, which counts every entry: group or filter with GET /usage/meters`;
  return null;
}

/** The query of `GET /usage/meters/series` (contract section 14). */
export const seriesQuerySchema = z
  .looseObject({
    ...periodQueryFields,
    meter: meterList.optional(),
    window: z.enum(USAGE_WINDOWS, { error: "window must be hour, day or month" }).default("day"),
  })
  .check(dateRangeCheck("from", "to"))
  .check((ctx) => {
    const { from, to, window } = ctx.value;
    if (window !== "hour" || !isCalendarDate(from) || !isCalendarDate(to) || to < from) return;
    if (daySpan(from, to) > MAX_HOUR_WINDOW_DAYS) {
      ctx.issues.push({
        code: "custom",
        path: ["window"],
        message: `window hour is allowed for periods of at most ${MAX_HOUR_WINDOW_DAYS} days; use day or month`,
        input: window,
      });
    }
  })
  .check((ctx) => {
    for (const [key, value] of Object.entries(ctx.value)) {
      const problem = dimensionParameterProblem(key, value);
      if (problem) ctx.issues.push({ code: "custom", path: [key], message: problem, input: value });
    }
  })
  // Other unknown parameters are ignored, as on every path.
  .transform(({ from, to, tz, meter, window }) => ({ from, to, tz, meter, window }));

export type SeriesQuery = z.output<typeof seriesQuerySchema>;
