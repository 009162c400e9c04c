import type { machine } from "./machine.ts";
import type { BookingResult } from "./scenarios/booking.ts";
import type { ContentionResult } from "./scenarios/contention.ts";
import type { RestGetResult } from "./scenarios/rest-get.ts";
import type { SummaryResult } from "./scenarios/summary.ts";
import type { UsagePostResult } from "./scenarios/usage-post.ts";

/** Everything one run measured: the headline figures at the top, the rest under `details`. */
export interface BenchResults {
  mode: "quick" | "full";
  command: string;
  startedAt: string;
  minutes: number;
  machine: Awaited<ReturnType<typeof machine>>;
  settings: { loadSeconds: number; connections: number; summarySamples: number; usageSizes: number[] };
  rest_get_ratio: number;
  rest_get_layer_ratio: number;
  booking_rps: number;
  booking_p99_ms: number;
  usage_post_ratio: number;
  /** null in a quick run, which stops at 1 million entries. */
  summary_p95_ms_10m_366d: number | null;
  contention_sold: number;
  contention_ms: number;
  details: {
    get: RestGetResult;
    booking: BookingResult;
    usage: UsagePostResult;
    summary: SummaryResult;
    contention: ContentionResult;
  };
}
