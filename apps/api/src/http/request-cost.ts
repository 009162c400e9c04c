import { daySpan, isCalendarDate, MAX_SERIES_METERS } from "@slotwise/core";

const SERIES_PATH = "/api/v2/usage/meters/series";
/** Points of a series answer that cost one request of the caller's rate budget. */
const POINTS_PER_REQUEST = 1_000;

/**
 * How many requests of the caller's budget a request costs. A usage series may answer up to
 * 25 meters of 745 hourly points (1.8 MB): at one request each, a key within its budget could
 * keep both cores busy for everyone. It is charged for the most points its period and window
 * allow, before any work; everything else costs one.
 */
export function requestCost(path: string, query: URLSearchParams): number {
  if (path.toLowerCase() !== SERIES_PATH) return 1;
  const from = query.get("from");
  const to = query.get("to");
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to) || to < from) return 1;
  const days = daySpan(from, to);
  const window = query.get("window") ?? "day";
  const windows = window === "hour" ? days * 25 : window === "month" ? Math.ceil(days / 28) + 1 : days;
  return Math.max(1, Math.ceil((windows * MAX_SERIES_METERS) / POINTS_PER_REQUEST));
}
