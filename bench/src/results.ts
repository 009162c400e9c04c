import type { machine } from "./machine.ts";
import type { BookingBaselineResult } from "./scenarios/booking-baseline.ts";
import type { BookingResult } from "./scenarios/booking.ts";
import type { ContentionResult } from "./scenarios/contention.ts";
import type { RestGetResult } from "./scenarios/rest-get.ts";
import type { SummaryGroupByResult } from "./scenarios/summary-groupby.ts";
import type { SummaryResult } from "./scenarios/summary.ts";
import type { UsageBatchResult } from "./scenarios/usage-batch.ts";
import type { UsagePostResult } from "./scenarios/usage-post.ts";
import type { SeriesFigure } from "./scenarios/usage-series.ts";

/** Everything one run measured: the headline figures at the top, the rest under `details`. */
export interface BenchResults {
  mode: "quick" | "full";
  command: string;
  startedAt: string;
  minutes: number;
  machine: Awaited<ReturnType<typeof machine>>;
  settings: {
    loadSeconds: number;
    connections: number;
    summarySamples: number;
    usageSizes: number[];
    /** The rush's HTTP client (CONTENTION_CLIENT); absent before the eleventh session's runs (undici then, fetch in the earliest runs). */
    contentionClient?: string;
    /** The latency samples' HTTP client (BENCH_SAMPLE_CLIENT), absent before the eleventh session's runs. */
    sampleClient?: string;
  };
  rest_get_ratio: number;
  rest_get_layer_ratio: number;
  booking_rps: number;
  booking_p99_ms: number;
  /** Bookings per second through the API ÷ the same writes as plain `pg` transactions, same run. */
  booking_db_ratio: number;
  usage_post_ratio: number;
  /** null in a quick run, which stops at 1 million entries. */
  summary_p95_ms_10m_366d: number | null;
  usage_batch_entries_per_s: number;
  usage_batch_ratio: number;
  /** null in a quick run; `details.series` then has the figure at the largest size loaded. */
  series_p95_ms_10m_366d: number | null;
  /** GET /usage/meters?groupBy over 30 days of 1,000,000 entries with 20 distinct values. */
  summary_groupby_p95_ms: number;
  contention_sold: number;
  contention_ms: number;
  details: {
    get: RestGetResult;
    booking: BookingResult;
    bookingDb: BookingBaselineResult;
    usage: UsagePostResult;
    summary: SummaryResult;
    batch: UsageBatchResult;
    series: SeriesFigure[];
    summaryGroupBy: SummaryGroupByResult;
    contention: ContentionResult;
  };
}
