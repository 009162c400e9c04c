import { daySpan, isCalendarDate, MAX_HOUR_WINDOW_DAYS, MAX_RANGE_DAYS, MAX_SERIES_METERS } from "@slotwise/core";

import { pathOf } from "./request-path.ts";

const SERIES_PATH = "/api/v2/usage/meters/series";
const SERIES_PROCEDURE = "usage.series";
/** Points of a series answer that cost one request of the caller's rate budget. */
const POINTS_PER_REQUEST = 1_000;

/**
 * How many requests of the caller's budget a usage series costs. It may answer up to 25 meters
 * of 745 hourly points (1.8 MB): at one request each, a key within its budget could keep both
 * cores busy for everyone. It is charged for the most points its period and window allow,
 * before any work; a window that is not hours or months (none given: days) counts as days.
 */
function seriesCost(from: unknown, to: unknown, window: unknown): number {
  if (typeof from !== "string" || typeof to !== "string") return 1;
  if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) return 1;
  const days = daySpan(from, to);
  // A period the query's validation refuses is answered 422 without work: charged its points,
  // it would cost more than any budget holds and be answered 429 on every try.
  if (days > MAX_RANGE_DAYS || (window === "hour" && days > MAX_HOUR_WINDOW_DAYS)) return 1;
  const windows = window === "hour" ? days * 25 : window === "month" ? Math.ceil(days / 28) + 1 : days;
  return Math.max(1, Math.ceil((windows * MAX_SERIES_METERS) / POINTS_PER_REQUEST));
}

/** What a REST request costs: a usage series its points (`seriesCost`), everything else one. */
export function requestCost(url: string): number {
  if (pathOf(url).toLowerCase() !== SERIES_PATH) return 1;
  const query = url.indexOf("?");
  const params = new URLSearchParams(query === -1 ? "" : url.slice(query + 1));
  return seriesCost(params.get("from"), params.get("to"), params.get("window"));
}

/**
 * What a /trpc request costs: each call of a batch one, and a usage series, the same procedure
 * as the REST path, its points, from the input it is sent with (`input`, JSON, keyed by the
 * call's index in a batch).
 */
function trpcCost(names: readonly string[], batch: boolean, input: string | null): number {
  let inputs: unknown;
  try {
    inputs = input === null ? undefined : JSON.parse(input);
  } catch {
    inputs = undefined;
  }
  return names.reduce((cost, name, i) => {
    if (name !== SERIES_PROCEDURE) return cost + 1;
    const call = (batch ? (inputs as Record<string, unknown> | undefined)?.[i] : inputs) as
      { from?: unknown; to?: unknown; window?: unknown } | undefined;
    return cost + seriesCost(call?.from, call?.to, call?.window);
  }, 0);
}

/**
 * What a /trpc request costs (`trpcCost`), for the calls tRPC will run: it takes their names
 * from the path the router decoded once and decodes them once more, so they are read here
 * decoded twice (`usage%252Eseries` is `usage.series`, `%252C` separates calls).
 */
export function trpcRequestCost(url: string): number {
  const query = url.indexOf("?");
  const params = new URLSearchParams(query === -1 ? "" : url.slice(query + 1));
  const batch = params.get("batch") === "1";
  const procedures = decodedTwice(pathOf(url).slice("/trpc/".length));
  return trpcCost(batch ? procedures.split(",") : [procedures], batch, params.get("input"));
}

function decodedTwice(text: string): string {
  let decoded = text;
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return decoded;
    }
  }
  return decoded;
}
