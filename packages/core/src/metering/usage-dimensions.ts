import { isLosslessNumber, isSafeNumber, parse } from "lossless-json";

import { textProblem } from "../validation/text.ts";
import { repeatedNames } from "./repeated-names.ts";

/** A dimension's value as answered: its JSON type kept (contract section 14). */
export type DimensionValue = string | number | boolean;

/**
 * Dimension names: 1 to 64 ASCII letters, digits and `_ - . :`. Members of ExtraInfo under any
 * other name are not dimensions, so every name can be written in a query string
 * (`filter.<name>=`) and in a log line as it is.
 */
export const DIMENSION_NAME_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Members taken as dimensions per entry, in the order ExtraInfo lists them. */
export const MAX_DIMENSIONS = 10;
/** Characters of a string member taken as a dimension; longer strings are not dimensions. */
export const MAX_DIMENSION_VALUE_LENGTH = 100;
/**
 * Bytes of an entry's whole dimension set as JSON text (UTF-8). The set is part of the dims
 * rollups' primary key, and a B-tree key must stay under about 2,700 bytes; a member that would
 * take the set past this is not a dimension.
 */
export const MAX_DIMENSIONS_BYTES = 2_000;
/**
 * ExtraInfo nested deeper than this (the object itself is level 1) has no dimensions. Exact
 * parsing of deeply nested brackets is slow enough that a batch of such texts would hold the
 * API's event loop; real ExtraInfo nests a few levels.
 */
export const MAX_EXTRA_INFO_DEPTH = 32;

const encoder = new TextEncoder();

/** The member's value when it can be a dimension, or undefined. */
function dimensionValue(value: unknown): DimensionValue | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    return value.length <= MAX_DIMENSION_VALUE_LENGTH && textProblem(value) === null ? value : undefined;
  }
  // Numbers arrive as their text: one a double cannot hold exactly (9007199254740993, 0.1000000000000000055)
  // is not a dimension, so a group's value is always the number the client wrote.
  if (isLosslessNumber(value) && isSafeNumber(value.value)) return Number(value.value);
  return undefined;
}

/**
 * The dimensions of an entry (contract section 14) as the JSON text of an object, or null
 * when it has none. When ExtraInfo is a JSON object, its top-level string, number and boolean
 * members whose name follows `DIMENSION_NAME_PATTERN` are its dimensions, within the limits
 * above (first members first; none when it nests deeper than `MAX_EXTRA_INFO_DEPTH`). A name
 * the object gives twice is no dimension, even with equal values: which one was meant is not
 * guessed. Anything else (not JSON, not an object, NUL or a
 * lone surrogate in a string, which PostgreSQL's jsonb refuses) simply has no dimensions:
 * recording never fails because of ExtraInfo. Numbers are written as the shortest text of
 * their double, so `1`, `1.0` and `1e0` are one value.
 */
export function usageDimensions(extraInfo: string | null | undefined): string | null {
  // Only an object has dimensions: other JSON (a 10,000-character list, say) is not parsed at all.
  if (!extraInfo || !extraInfo.trimStart().startsWith("{")) return null;
  let repeated: Set<string> | null;
  let parsed: unknown;
  try {
    repeated = repeatedNames(extraInfo, MAX_EXTRA_INFO_DEPTH);
    if (repeated === null) return null;
    // A repeated name is left out below; keeping either value here only lets parsing go on.
    parsed = parse(extraInfo, null, { onDuplicateKey: ({ newValue }) => newValue });
  } catch {
    return null; // not JSON
  }
  const members: string[] = [];
  let bytes = 2; // the braces
  // Text that starts with `{` and parses is an object.
  const object = parsed as Record<string, unknown>;
  // Own names only (never what a `__proto__` member may have put behind them), and not
  // Object.entries: an object of a thousand members would be copied whole to use ten.
  for (const name of Object.keys(object)) {
    if (members.length === MAX_DIMENSIONS) break;
    const raw = object[name];
    if (!DIMENSION_NAME_PATTERN.test(name) || repeated.has(name)) continue;
    const value = dimensionValue(raw);
    if (value === undefined) continue;
    const member = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
    const size = encoder.encode(member).length + (members.length > 0 ? 1 : 0);
    if (bytes + size > MAX_DIMENSIONS_BYTES) continue;
    members.push(member);
    bytes += size;
  }
  return members.length > 0 ? `{${members.join(",")}}` : null;
}

/**
 * The dimensions of each of many entries' ExtraInfo, as `usageDimensions` gives them. Within a
 * batch ExtraInfo repeats (dimensions are few by nature: a region, a plan, an endpoint), so
 * each distinct text is parsed once; the texts are remembered for this call only, so what is
 * kept is never more than the batch itself.
 */
export function usageDimensionsOfEach(extraInfos: readonly (string | null)[]): (string | null)[] {
  const known = new Map<string, string | null>();
  return extraInfos.map((extraInfo) => {
    if (!extraInfo) return null;
    let dimensions = known.get(extraInfo);
    if (dimensions === undefined) {
      dimensions = usageDimensions(extraInfo);
      known.set(extraInfo, dimensions);
    }
    return dimensions;
  });
}

/**
 * The JSON values a filter's text matches, as JSON text: the string itself always; `true` and
 * `false` also the boolean; a number written exactly (`42`, `1.50`) also that number, by value
 * (`filter.n=1.0` matches 1). So a query string, which has only text, reaches every type.
 */
export function filterMatches(value: string): string[] {
  const matches = [JSON.stringify(value)];
  if (value === "true" || value === "false") matches.push(value);
  else if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value) && isSafeNumber(value)) {
    matches.push(JSON.stringify(Number(value)));
  }
  return matches;
}
