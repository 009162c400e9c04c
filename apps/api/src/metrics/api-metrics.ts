import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

import { operationalFigures, poolUse, WEBHOOK_OUTCOMES, type Database, type OperationalFigures } from "@slotwise/db";

import type { ReadCache } from "../cache/read-cache.ts";
import type { TurnEnd } from "../fast-paths/handed-turn.ts";

export type BookingChannel = "partner" | "online" | "pos";

/** What procedures and the HTTP edge report; `/metrics` renders it in Prometheus' text format. */
export interface ApiMetrics {
  readonly registry: Registry;
  request(route: string, method: string, status: number, seconds: number): void;
  /** `outcome`: confirmed, held, released, replayed, refused_capacity, refused_unavailable, refused_<problem kind> or failed. */
  booking(channel: BookingChannel, outcome: string): void;
  usageEntriesIngested(count: number): void;
  /** A GET answered from a kept whole answer (`AnswerMemo`), without running its procedure. */
  keptAnswerServed(): void;
  /** A partner booking refused at the REST edge, before tRPC (`EARLY_REFUSALS`). */
  earlyRefusal(): void;
  /** How a timeslot's turn that the REST edge handed to a booking's procedure ended (`HandedTurn`). */
  handedTurnEnded(how: TurnEnd): void;
  /** The usage group commit wrote a statement of this many single entries. */
  usageStatementWritten(entries: number): void;
  /** Reports the kept answers' entries and bytes on every scrape. */
  watchKeptAnswers(memo: { size: number; bytes: number }): void;
}

export interface MetricSources {
  db: Database;
  cache: ReadCache;
}

// Answers range from cached reads of a few milliseconds to summaries over millions of entries
// taking seconds: the buckets cover that range.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One registry per API process (never prom-client's global one, so that several servers in
 * one test process keep their own figures). Figures that live in the database (outbox, the
 * compactor) are read when scraped, so any API process reports them, whichever process did the work.
 */
export function createApiMetrics(sources: MetricSources): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route template, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route template, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const bookings = new Counter({
    name: "slotwise_bookings_total",
    help: "Booking attempts by channel and outcome",
    labelNames: ["channel", "outcome"] as const,
    registers: [registry],
  });
  const usageEntries = new Counter({
    name: "slotwise_usage_entries_ingested_total",
    help: "Usage entries recorded over REST (repeats of an EventID not counted)",
    registers: [registry],
  });
  const keptAnswers = new Counter({
    name: "slotwise_kept_answers_served_total",
    help: "Partner GETs answered from a kept whole answer, without running the procedure",
    registers: [registry],
  });
  const earlyRefusals = new Counter({
    name: "slotwise_early_refusals_total",
    help: "Partner bookings of a contended timeslot refused at the REST edge, before tRPC (also counted in slotwise_bookings_total)",
    registers: [registry],
  });
  const handedTurns = new Counter({
    name: "slotwise_handed_turns_total",
    help: "Timeslot turns the REST edge handed to a partner booking's procedure, by how they ended: sale, unclaimed (answered without a sale in it), closed (the connection first), time-limit (the last resort)",
    labelNames: ["end"] as const,
    registers: [registry],
  });
  const usageStatements = new Histogram({
    name: "slotwise_usage_statement_entries",
    help: "Single usage entries per statement of the group commit (1: written alone, nothing waiting)",
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
    registers: [registry],
  });
  let keptAnswersHeld: { size: number; bytes: number } | undefined;
  new Gauge({
    name: "slotwise_kept_answers",
    help: "Kept whole answers held by this process (entries), and what they are counted as (bytes)",
    labelNames: ["measure"] as const,
    registers: [registry],
    collect() {
      this.set({ measure: "entries" }, keptAnswersHeld?.size ?? 0);
      this.set({ measure: "bytes" }, keptAnswersHeld?.bytes ?? 0);
    },
  });
  readCacheMetrics(registry, sources.cache);
  databaseMetrics(registry, sources.db);

  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    booking(channel, outcome) {
      bookings.inc({ channel, outcome });
    },
    usageEntriesIngested(count) {
      if (count > 0) usageEntries.inc(count);
    },
    keptAnswerServed() {
      keptAnswers.inc();
    },
    earlyRefusal() {
      earlyRefusals.inc();
    },
    handedTurnEnded(how) {
      handedTurns.inc({ end: how });
    },
    usageStatementWritten(entries) {
      usageStatements.observe(entries);
    },
    watchKeptAnswers(memo) {
      keptAnswersHeld = memo;
    },
  };
}

function readCacheMetrics(registry: Registry, cache: ReadCache): void {
  // The cache counts for itself; each scrape reports what it counted since the last one.
  let reported = { hits: 0, misses: 0 };
  const counter = (name: string, help: string, read: () => number, field: "hits" | "misses") =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        this.inc(now - reported[field]);
        reported = { ...reported, [field]: now };
      },
    });
  counter("slotwise_read_cache_hits_total", "Reads answered from this process's read cache", () => cache.hits, "hits");
  counter(
    "slotwise_read_cache_misses_total",
    "Reads that went to the database (not cached, expired, or the cache standing aside)",
    () => cache.misses,
    "misses",
  );
  new Gauge({
    name: "slotwise_read_cache_entries",
    help: "Entries held by this process's read cache",
    registers: [registry],
    collect() {
      this.set(cache.size);
    },
  });
}

function databaseMetrics(registry: Registry, db: Database): void {
  // One query per scrape feeds the gauges below; a scrape while the database is away
  // reports -1 there rather than failing the whole page.
  let pending: Promise<OperationalFigures | undefined> | undefined;
  const figures = () => {
    pending ??= operationalFigures(db)
      .catch(() => undefined)
      .finally(() => {
        // Kept until the gauges collecting in the same scrape have all asked for it.
        setImmediate(() => (pending = undefined));
      });
    return pending;
  };
  const gauge = (name: string, help: string, pick: (f: OperationalFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const found = await figures();
        this.set(found ? pick(found) : -1);
      },
    });
  gauge("slotwise_outbox_emails_queued", "E-mails waiting in the outbox to be sent", (f) => f.emailsQueued);
  gauge("slotwise_outbox_emails_failed", "E-mails given up after their last attempt", (f) => f.emailsFailed);
  gauge(
    "slotwise_usage_compactor_lag_seconds",
    "Age of the oldest usage entry not yet folded into the rollups (0 when none waits)",
    (f) => f.compactorLagSeconds,
  );
  new Gauge({
    name: "slotwise_webhook_deliveries",
    help: "Webhook deliveries kept (30 days), by outcome: pending, delivered, failed, cancelled (endpoint deleted or disabled)",
    labelNames: ["outcome"] as const,
    registers: [registry],
    async collect() {
      const found = await figures();
      for (const outcome of WEBHOOK_OUTCOMES) this.set({ outcome }, found ? found.webhookDeliveries[outcome] : -1);
    },
  });

  new Gauge({
    name: "slotwise_db_pool_connections",
    help: "This process's database connections, by state (idle, busy, waiting requests, max)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = poolUse(db);
      if (!use) return;
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "busy" }, use.total - use.idle);
      this.set({ state: "waiting" }, use.waiting);
      this.set({ state: "max" }, use.max);
    },
  });
}
