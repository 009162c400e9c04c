import { DIMENSION_NAME_PATTERN } from "./usage-dimensions.ts";

const GROUP_BY_LIKE = /^group[-_]?by/i;
const FILTER_LIKE = /^filters?/i;
/** The dimension name inside `filter[region]`, `filters_region`, `Filter.region` and the like. */
const FILTER_NAME = /^filters?(?:\[([^\]]*)\]|[._:-](.+))$/i;

/** `value` when it can be shown as written in a query string, else the placeholder. */
function shown(value: unknown, placeholder: string): string {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && DIMENSION_NAME_PATTERN.test(first) ? first : placeholder;
}

/**
 * Why query parameter `key` of the summary is refused, or null. Another route ignores a
 * parameter it does not know, as this one does in general; but `groupBy[]=region`,
 * `groupBy[0]=region` or `filter[region]=eu` (how other frameworks spell lists and maps) would
 * then silently answer an ungrouped or unfiltered total, which a partner may bill from. So any
 * spelling of `groupBy` or `filter` other than the API's own is refused, saying the right one.
 */
export function dimensionParameterSpelling(key: string, value: unknown): string | null {
  if (key === "groupBy" || key.startsWith("filter.")) return null;
  if (GROUP_BY_LIKE.test(key)) {
    return `${key} is not a parameter: write groupBy=${shown(value, "<name>")}, once per dimension`;
  }
  if (FILTER_LIKE.test(key)) {
    const match = FILTER_NAME.exec(key);
    const name = match?.[1] ?? match?.[2] ?? "";
    const written = DIMENSION_NAME_PATTERN.test(name) ? name : "<name>";
    return `${key} is not a parameter: write filter.${written}=${shown(value, "<value>")}`;
  }
  return null;
}
