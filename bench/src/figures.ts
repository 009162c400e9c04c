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
    name: "schedule_materialise_ms",
    measures:
      "POST a schedule of 366 days × 4 times (catalogue REST path, `catalog` key) to its 201, when its 1,464 timeslots exist and are bookable; a new activity each time, 100,000 timeslots already in the database",
    baseline: "none",
    target: { below: 2_000 },
    unit: "ms",
  },
  {
    name: "schedule_bookable_ms",
    measures: "the same POST to a partner's GET of the schedule's last day answering its 4 timeslots",
    baseline: "none",
    target: null,
    unit: "ms",
  },
  {
    name: "timeslots_p95_ms_1k",
    measures:
      "p95 of a partner's GET of one day's timeslots of one activity, sequential, each sample another day not read in the read cache's 30 s, 1,000 timeslots in the database",
    baseline: "none",
    target: null,
    unit: "ms",
  },
  {
    name: "timeslots_p95_ms_100k",
    measures:
      "the same GETs, each of a day not read in the read cache's 30 s, 100,000 timeslots in the database (bulk timeslots of 9 other activities)",
    baseline: "`timeslots_p95_ms_1k`",
    target: null,
    unit: "ms",
  },
  {
    name: "timeslots_p95_ratio_100k",
    measures: "`timeslots_p95_ms_100k` ÷ `timeslots_p95_ms_1k`",
    baseline: "the same GET at 1,000 timeslots",
    target: { atMost: 1.2 },
    unit: "ratio",
  },
  {
    name: "calendar_p95_ms_366d",
    measures:
      "p95 of GET …/availability/{ActivityID}/calendar over 366 days (section 18), sequential, each sample a window starting on another day, 100,000 timeslots in the database",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "feed_page_p95_ms",
    measures: "p95 of GET …/availability/changes?cursor= answering a page of 1,000 changes (section 18), sequential",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "octo_availability_p95_ms",
    measures:
      "p95 of OCTO POST /octo/availability/calendar over 31 days (`ota` key, Octo-Capabilities: octo/pricing), sequential, each sample a window starting on another day, 100,000 timeslots in the database",
    baseline: "none",
    target: { below: 50 },
    unit: "ms",
  },
  {
    name: "checkin_p95_ms",
    measures:
      "p95 of POST /operator/check-ins (`checkin` key), 50 scanners at once, each scan a distinct valid ticket of a confirmed booking",
    baseline: "none",
    target: { below: 30 },
    unit: "ms",
  },
  {
    name: "single_confirm_p95_ms",
    measures: "p95 of POST …/booking/{Reference}/confirm of a one-place hold, 8 clients each holding then confirming",
    baseline: "none",
    target: null,
    unit: "ms",
  },
  {
    name: "order_confirm_p95_ms",
    measures: "p95 of POST …/orders/{OrderID}/confirm of a held 3-item order (3 activities), 8 clients alike",
    baseline: "`single_confirm_p95_ms` of the same pair",
    target: null,
    unit: "ms",
  },
  {
    name: "order_confirm_ratio",
    measures: "`order_confirm_p95_ms` ÷ `single_confirm_p95_ms`, per pair (single, then order)",
    baseline: "a single booking's confirmation",
    target: { atMost: 2 },
    unit: "ratio",
  },
  {
    name: "webhook_lag_p95_ms",
    measures: "p95 from a booking's 201 to its booking.confirmed at a local receiver, during a booking load",
    baseline: "none",
    target: { atMost: 1_000 },
    unit: "ms",
  },
  {
    name: "emails_per_s",
    measures:
      "booking confirmations per second from one worker to a local SMTP server, as many committed to the outbox in one INSERT, from that INSERT to the last arrival (each checked to arrive once)",
    baseline: "none",
    target: { atLeast: 100 },
    unit: "per s",
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
