import type { machine } from "./machine.ts";
import type { Spread } from "./percentile.ts";
import type { BookingRound } from "./scenarios/booking.ts";
import type { CatalogueResult } from "./scenarios/catalogue.ts";
import type { CheckInResult } from "./scenarios/check-ins.ts";
import type { ContentionResult } from "./scenarios/contention.ts";
import type { EmailsResult } from "./scenarios/emails.ts";
import type { FeedDuringBookingsResult } from "./scenarios/feed-during-bookings.ts";
import type { OrderConfirmResult } from "./scenarios/order-confirm.ts";
import type { RestGetResult } from "./scenarios/rest-get.ts";
import type { SummaryGroupByResult } from "./scenarios/summary-groupby.ts";
import type { SummaryResult } from "./scenarios/summary.ts";
import type { UsageBatchResult } from "./scenarios/usage-batch.ts";
import type { UsagePostResult } from "./scenarios/usage-post.ts";
import type { SeriesFigure } from "./scenarios/usage-series.ts";
import type { WebhooksResult } from "./scenarios/webhooks.ts";
import type { CheckVerdict, TargetVerdict } from "./verdict.ts";

/** The booking phase: pairs of API and baseline, and the figures drawn from them. */
export interface BookingsResult {
  /** Timeslots each phase books into, and the free places each gets before every phase. */
  catalogueSlots: number;
  placesPerPhase: number;
  rounds: BookingRound[];
}

/** Everything one run measured: the figures at the top (each with its spread), the rest under `details`. */
export interface BenchResults {
  mode: "quick" | "full";
  command: string;
  /** The phases run (`--only` runs fewer): only they are judged. */
  phases: string[];
  startedAt: string;
  minutes: number;
  machine: Awaited<ReturnType<typeof machine>>;
  settings: {
    loadSeconds: number;
    /** API-then-baseline pairs behind each ratio. */
    pairs: number;
    connections: number;
    summarySamples: number;
    usageSizes: number[];
    contentionClient: string;
    sampleClient: string;
    /** Timeslots in the catalogue phase's database for its large measurements. */
    largeTimeslots: number;
    /** Sequential samples behind each of the catalogue phase's read figures. */
    readSamples: number;
  };
  /** By figure name (bench/src/figures.ts); a figure measured once has one value. */
  figures: Partial<Record<string, Spread>>;
  details: {
    get?: RestGetResult;
    bookings?: BookingsResult;
    usage?: UsagePostResult;
    batch?: UsageBatchResult;
    contention?: ContentionResult;
    summary?: SummaryResult;
    series?: SeriesFigure[];
    summaryGroupBy?: SummaryGroupByResult;
    catalogue?: CatalogueResult;
    checkIns?: CheckInResult;
    orders?: OrderConfirmResult;
    /** One round per pair: webhook lag during a booking load, then delivery throughput. */
    webhooks?: WebhooksResult[];
    /** One round per pair: booking confirmations from one worker to a local SMTP server. */
    emails?: EmailsResult[];
    /** A partner following the availability change feed during a booking load, judged against the database. */
    feed?: FeedDuringBookingsResult;
    /** Timeslots over their capacity, counted after each phase that books. */
    capacity: Record<string, number>;
  };
  verdict: {
    /** Every correctness check passed: the figures can be read. */
    ok: boolean;
    checks: CheckVerdict[];
    targets: TargetVerdict[];
  };
}
