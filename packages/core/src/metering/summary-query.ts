import { z } from "zod";

import { dateRangeCheck } from "../validation/date-range.ts";
import { stringField } from "../validation/fields.ts";
import { textProblem } from "../validation/text.ts";
import { dimensionParameterSpelling } from "./dimension-parameter-spelling.ts";
import { periodQueryFields } from "./period.ts";
import { DIMENSION_NAME_PATTERN, filterMatches, MAX_DIMENSION_VALUE_LENGTH } from "./usage-dimensions.ts";

export const MAX_GROUP_BY = 3;
/** Filter values in one query, all names together: each is one more condition per row read. */
export const MAX_FILTER_VALUES = 10;
export const FILTER_PREFIX = "filter.";
/**
 * Groups in one answer, all meters together (about 100 KB of JSON, up to some 650 KB with
 * three long names and values: answers are compressed). A dimension with a new value per
 * entry would otherwise answer as many groups as entries; beyond this the answer is a 422
 * naming groupBy, as a series with too many meters is, rather than a cut list.
 */
export const MAX_GROUPS = 1_000;

const NAME_RULE = "1 to 64 ASCII letters, digits, _ - . or :";

// A query string gives one `groupBy` as a string and several as an array.
const groupByList = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z
    .array(
      stringField("groupBy").regex(DIMENSION_NAME_PATTERN, { error: `groupBy must be a dimension name: ${NAME_RULE}` }),
      { error: "groupBy must be a dimension name" },
    )
    .max(MAX_GROUP_BY, { error: `groupBy may be given at most ${MAX_GROUP_BY} times` })
    .refine((names) => new Set(names).size === names.length, { error: "groupBy must not name a dimension twice" })
    .meta({
      description: `Dimension names to group each meter's usage by (at most ${MAX_GROUP_BY}). Filter with filter.<name>=<value>, repeatable: only entries whose dimension matches count.`,
    }),
);

/** Why the value (or values) of query parameter `key` cannot filter, or null. */
function filterProblem(key: string, value: unknown): string | null {
  if (!DIMENSION_NAME_PATTERN.test(key.slice(FILTER_PREFIX.length))) {
    return `${key} must name a dimension: ${NAME_RULE} after "${FILTER_PREFIX}"`;
  }
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  for (const v of values) {
    if (typeof v !== "string") return `${key} must be a string`;
    if (v.length > MAX_DIMENSION_VALUE_LENGTH) return `${key} must be at most ${MAX_DIMENSION_VALUE_LENGTH} characters`;
    const text = textProblem(v);
    if (text) return `${key} ${text}`;
  }
  return null;
}

/**
 * The query of `GET /usage/meters` (contract sections 8 and 14): the period, `groupBy`, and
 * `filter.<name>=<value>` parameters, which are not fixed names and so pass through to the check;
 * other spellings of `groupBy` and `filter` are refused there.
 */
export const usageSummaryQuerySchema = z
  .looseObject({ ...periodQueryFields, groupBy: groupByList.optional() })
  .check(dateRangeCheck("from", "to"))
  .check((ctx) => {
    let count = 0;
    for (const [key, value] of Object.entries(ctx.value)) {
      const misspelled = dimensionParameterSpelling(key, value);
      if (misspelled) ctx.issues.push({ code: "custom", path: [key], message: misspelled, input: value });
      if (!key.startsWith(FILTER_PREFIX)) continue;
      const problem = filterProblem(key, value);
      if (problem) ctx.issues.push({ code: "custom", path: [key], message: problem, input: value });
      count += Array.isArray(value) ? value.length : 1;
    }
    if (count > MAX_FILTER_VALUES) {
      ctx.issues.push({
        code: "custom",
        path: ["filter"],
        message: `filter.<name> may be given at most ${MAX_FILTER_VALUES} times in all`,
        input: count,
      });
    }
  });

export type UsageSummaryQuery = z.output<typeof usageSummaryQuerySchema>;

/** One dimension's condition: the JSON values (as text) any of which it may have. */
export interface DimensionFilter {
  name: string;
  matches: string[];
}

export interface DimensionQuery {
  groupBy: string[];
  /** All must hold; a name given several times matches any of its values. */
  filters: DimensionFilter[];
}

/** The grouping and filters of a valid summary query. */
export function dimensionQueryOf(query: UsageSummaryQuery): DimensionQuery {
  const filters = Object.entries(query).flatMap(([key, value]) => {
    if (!key.startsWith(FILTER_PREFIX)) return [];
    const values = (Array.isArray(value) ? value : [value]) as string[];
    return [{ name: key.slice(FILTER_PREFIX.length), matches: [...new Set(values.flatMap(filterMatches))] }];
  });
  return { groupBy: query.groupBy ?? [], filters };
}
