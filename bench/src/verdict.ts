import type { LoadResult } from "./load.ts";
import type { BenchResults } from "./results.ts";

/** A figure against its target. `value` is null when the run did not measure it (a quick run's 10-million lines). */
export interface TargetVerdict {
  figure: string;
  value: number | null;
  target: string;
  met: boolean | null;
}

/** Something that must hold whatever the speed: a failure makes the run's figures worthless. */
export interface CheckVerdict {
  check: string;
  ok: boolean;
  detail: string;
}

const atLeast = (figure: string, value: number | null, bound: number): TargetVerdict => ({
  figure,
  value,
  target: `>= ${bound.toLocaleString("en-GB")}`,
  met: value === null ? null : value >= bound,
});
const below = (figure: string, value: number | null, bound: number, inclusive = false): TargetVerdict => ({
  figure,
  value,
  target: `${inclusive ? "<=" : "<"} ${bound.toLocaleString("en-GB")}`,
  met: value === null ? null : inclusive ? value <= bound : value < bound,
});

/** The targets of the issues this bench answers to; ratios are what count on a shared 2-core machine. */
export function targets(r: BenchResults): TargetVerdict[] {
  return [
    atLeast("rest_get_ratio", r.rest_get_ratio, 0.5),
    atLeast("rest_get_layer_ratio", r.rest_get_layer_ratio, 0.6),
    atLeast("booking_db_ratio", r.booking_db_ratio, 0.5),
    below("booking_p99_ms", r.booking_p99_ms, 150, true),
    below("contention_ms", r.contention_ms, 600, true),
    atLeast("usage_post_ratio", r.usage_post_ratio, 0.8),
    atLeast("usage_batch_entries_per_s", r.usage_batch_entries_per_s, 50_000),
    atLeast("usage_batch_ratio", r.usage_batch_ratio, 0.5),
    below("summary_p95_ms_10m_366d", r.summary_p95_ms_10m_366d, 50),
    below("summary_groupby_p95_ms", r.summary_groupby_p95_ms, 50),
    below("series_p95_ms_10m_366d", r.series_p95_ms_10m_366d, 50),
  ];
}

function storedAsAcknowledged(what: string, stored: number, acknowledged: number, inFlight: number): CheckVerdict {
  return {
    check: `${what}: every acknowledged one stored, nothing else`,
    ok: stored >= acknowledged && stored <= acknowledged + inFlight,
    detail: `${stored} stored, ${acknowledged} acknowledged, up to ${inFlight} unanswered at the end`,
  };
}

const serverErrors = (r: LoadResult) => r.statuses["5xx"] ?? 0;

/** What the database and the answers must agree on, and that nothing failed. */
export function checks(r: BenchResults): CheckVerdict[] {
  const { get, booking, usage, batch, contention } = r.details;
  const loads: [string, LoadResult][] = [
    ["GET timeslots", get.timeslots.rest],
    ["GET products", get.products.rest],
    ["POST booking", booking.load],
    ["POST usage, one process", usage.one],
    ["POST usage, two processes", usage.two],
    ["POST usage batch", batch.api],
    // A failing baseline would make its ratio meaningless (a ratio over nothing).
    ["baseline GET timeslots", get.timeslots.baseline],
    ["baseline GET products", get.products.baseline],
    ["baseline POST usage", usage.baseline],
    ["baseline POST usage batch", batch.baseline],
  ];
  const answered = contention.contention_sold + contention.refused;
  return [
    ...loads.map(([name, load]) => ({
      check: `no 5xx: ${name}`,
      ok: serverErrors(load) === 0 && load.errors === 0,
      detail: `${serverErrors(load)} × 5xx, ${load.errors} connection errors or timeouts`,
    })),
    // Requests still in flight when a load phase ends may commit unanswered: at most one per connection.
    storedAsAcknowledged("bookings", booking.created, booking.load.statuses["2xx"] ?? 0, r.settings.connections),
    {
      check: "rush: exactly the capacity sold",
      ok: contention.contention_sold === 20 && contention.places_taken === 20 && contention.confirmed_in_db === 20,
      detail: `${contention.contention_sold} × 201, places_taken ${contention.places_taken}, confirmed participants ${contention.confirmed_in_db}`,
    },
    {
      check: "rush: every attempt answered 201 or 409",
      ok: answered === contention.attempts && Object.keys(contention.other).length === 0,
      detail: `${answered} of ${contention.attempts}${Object.keys(contention.other).length ? `, other: ${JSON.stringify(contention.other)}` : ""}`,
    },
    storedAsAcknowledged(
      "usage batch entries",
      batch.apiRecorded,
      (batch.api.statuses["2xx"] ?? 0) * batch.entriesPerBatch,
      batch.connections * batch.entriesPerBatch,
    ),
  ];
}
