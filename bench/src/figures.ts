/** How a figure is judged: at least or at most `bound` (on its median when measured several times). */
export interface Target {
  atLeast?: number;
  atMost?: number;
  below?: number;
}

/** A figure of the bench: what it measures, against what, and its target (if any). */
export interface FigureInfo {
  name: string;
  measures: string;
  baseline: string;
  target: Target | null;
  unit: string;
}

/** Every published figure, in the order of docs/benchmarks.md. */
export const FIGURES: FigureInfo[] = [
  {
    name: "rest_get_ratio",
    measures: "GET timeslots and GET products through the REST API, req/s, the lower route",
    baseline: "a bare Fastify route running the same query on every request",
    target: { atLeast: 0.5 },
    unit: "ratio",
  },
  {
    name: "rest_get_layer_ratio",
    measures: "the same GETs, the lower route",
    baseline: "a bare Fastify route answering the same bodies from memory, as the API's read cache does",
    target: { atLeast: 0.6 },
    unit: "ratio",
  },
  {
    name: "booking_db_ratio",
    measures: "sales per second through POST booking (50 connections, each side on its own reset catalogue)",
    baseline: "plain `pg` sending the API's own sale statement, prepared, 50 workers over a pool of 20",
    target: { atLeast: 0.5 },
    unit: "ratio",
  },
  {
    name: "booking_rps",
    measures: "201s per second through POST booking",
    baseline: "none",
    target: null,
    unit: "per s",
  },
  {
    name: "booking_p99_ms",
    measures: "p99 latency of successful sales (201) only",
    baseline: "the plain `pg` sale's p99 (details)",
    target: { atMost: 150 },
    unit: "ms",
  },
  {
    name: "booking_refusal_p99_ms",
    measures: "p99 latency of refusals (4xx); none expected, as no timeslot fills",
    baseline: "none",
    target: null,
    unit: "ms",
  },
  {
    name: "contention_ms",
    measures: "1,000 simultaneous attempts on one timeslot of capacity 20 through 3 API processes, all answered",
    baseline: "none",
    target: { atMost: 600 },
    unit: "ms",
  },
  {
    name: "usage_post_ratio",
    measures: "POST /usage/meters, one API process, 50 connections, req/s",
    baseline: "a bare Fastify route running one INSERT per request",
    target: { atLeast: 0.8 },
    unit: "ratio",
  },
  {
    name: "usage_batch_entries_per_s",
    measures: "entries per second through POST /usage/meters/batch (1,000 per batch, 8 connections)",
    baseline: "none",
    target: { atLeast: 50_000 },
    unit: "per s",
  },
  {
    name: "usage_batch_ratio",
    measures: "the same, as a ratio",
    baseline: "a bare Fastify route inserting each batch with one `pg` statement (EventIDs claimed alike)",
    target: { atLeast: 0.5 },
    unit: "ratio",
  },
  {
    name: "summary_p95_ms_10m_366d",
    measures: "p95 of GET /usage/meters over 366 days of 10 million entries (full run only)",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "series_p95_ms_10m_366d",
    measures: "p95 of GET /usage/meters/series by day over 366 days of 10 million entries (full run only)",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "summary_groupby_p95_ms",
    measures: "p95 of GET /usage/meters?groupBy=region over 30 days of 1 million entries",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "webhook_lag_p95_ms",
    measures: "p95 from a booking's 201 to its booking.confirmed at a local receiver, during a booking load",
    baseline: "none",
    target: { atMost: 1_000 },
    unit: "ms",
  },
  {
    name: "webhook_deliveries_per_s",
    measures:
      "deliveries per second to one healthy local endpoint from one worker, as many queued to one that never answers",
    baseline: "none",
    target: { atLeast: 300 },
    unit: "per s",
  },
];
