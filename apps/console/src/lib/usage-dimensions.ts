/**
 * The usage page's dimension controls in the address bar: `groupBy=plan,region` (one
 * parameter, names in order) and one `filter.<name>=<value>` per filter, the API's own spelling.
 * The API judges the names and values; the page shows its refusal like any other.
 */
export interface DimensionChoice {
  groupBy: string[];
  filters: { name: string; value: string }[];
}

export const FILTER_PREFIX = "filter.";

export function dimensionsFromUrl(params: URLSearchParams): DimensionChoice {
  const groupBy = [
    ...new Set(
      (params.get("groupBy") ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const filters = [...params.entries()]
    .filter(([key, value]) => key.startsWith(FILTER_PREFIX) && value !== "")
    .map(([key, value]) => ({ name: key.slice(FILTER_PREFIX.length), value }));
  return { groupBy, filters };
}

/** The summary query's dimension part, as `GET /usage/meters` takes it. */
export function dimensionQuery(choice: DimensionChoice): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (choice.groupBy.length > 0) query.groupBy = choice.groupBy;
  for (const f of choice.filters) query[`${FILTER_PREFIX}${f.name}`] = f.value;
  return query;
}

/** How a group's value reads: text as it is, numbers and booleans as JSON writes them, absence as "(none)". */
export function groupValueLabel(value: string | number | boolean | null): string {
  return value === null ? "(none)" : String(value);
}
