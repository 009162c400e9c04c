/**
 * `pnpm bench [--quick] [--only=get,bookings,usage,batch,contention,summary,catalogue,day,webhooks,feed]`: starts the API
 * with production settings against a fresh PostgreSQL, loads it from this process
 * (autocannon), judges every correctness check of the phases it ran and, but in `--quick` runs,
 * every figure against its target (on the median of its pairs), and exits 1 when a check fails
 * (the figures would mean nothing), 0 otherwise; a missed target is printed as such. Only a full
 * run with every phase and the default durations publishes (bench/results.json and
 * docs/benchmarks.md); any other run writes bench/last-run.json. `--quick` judges correctness
 * only: it shortens every load phase, measures one pair and loads fewer usage entries, fewer
 * timeslots (10,000), fewer check-ins and confirmations, prints its targets as n/a and records
 * no figure named for a size it did not reach (`_10m`, `_100k`, "100,000 timeslots in the
 * database"). BENCH_SECONDS (seconds per load phase) and BENCH_PAIRS (pairs per ratio) override
 * the mode's, for trying the full run's path in less time.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

import { load } from "./load.ts";
import { machine } from "./machine.ts";
import { spread } from "./percentile.ts";
import { untilQuiet } from "./quiet.ts";
import { renderReport } from "./report.ts";
import type { BenchResults, BookingsResult } from "./results.ts";
import { API_POOL_SIZE, bookingBaseline } from "./scenarios/booking-baseline.ts";
import {
  apiBookings,
  BOOKING_CONNECTIONS,
  bookingBodies,
  bookingCatalogue,
  overCapacity,
  PLACES_PER_PHASE,
  resetPlaces,
  type BookingRound,
} from "./scenarios/booking.ts";
import { catalogue as catalogueAtScale } from "./scenarios/catalogue.ts";
import { checkIns } from "./scenarios/check-ins.ts";
import { contention, CONTENTION_CLIENT } from "./scenarios/contention.ts";
import { emailThroughput, type EmailsResult } from "./scenarios/emails.ts";
import { feedDuringBookings } from "./scenarios/feed-during-bookings.ts";
import { orderConfirm } from "./scenarios/order-confirm.ts";
import { restGet } from "./scenarios/rest-get.ts";
import { summaryGroupByLatency } from "./scenarios/summary-groupby.ts";
import { summaryLatency } from "./scenarios/summary.ts";
import { usageBatch } from "./scenarios/usage-batch.ts";
import { usagePost } from "./scenarios/usage-post.ts";
import { seriesLatency, type SeriesFigure } from "./scenarios/usage-series.ts";
import { webhookDelivery, type WebhooksResult } from "./scenarios/webhooks.ts";
import { startStack } from "./stack.ts";
import { SAMPLE_CLIENT } from "./timed-get.ts";
import { checks, targets } from "./verdict.ts";

const root = resolve(import.meta.dirname, "../..");
if (process.argv.includes("--render")) {
  // Rewrites docs/benchmarks.md from the published results (if any) and the method, measuring nothing.
  const published = await readFile(resolve(root, "bench/results.json"), "utf8").catch(() => null);
  await writeFile(
    resolve(root, "docs/benchmarks.md"),
    await renderReport(published === null ? null : (JSON.parse(published) as BenchResults)),
  );
  process.exit(0);
}
const PHASES = ["get", "bookings", "usage", "batch", "contention", "summary", "catalogue", "day", "webhooks", "feed"];
const quick = process.argv.includes("--quick");
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const unknown = only?.filter((p) => !PHASES.includes(p)) ?? [];
if (unknown.length) throw new Error(`--only=${unknown.join(",")}: phases are ${PHASES.join(", ")}`);
const wanted = (phase: string) => !only || only.includes(phase);
const positive = (name: string): number | undefined => {
  const text = process.env[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}=${text}: a whole number, 1 or more`);
  return value;
};
const secondsOverride = positive("BENCH_SECONDS");
const pairsOverride = positive("BENCH_PAIRS");
const seconds = secondsOverride ?? (quick ? 3 : 10);
const pairs = pairsOverride ?? (quick ? 1 : 3);
const sizes = quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000];
const samples = quick ? 10 : 40;
/** The catalogue phase's large database, and sequential samples per read figure. */
const largeTimeslots = quick ? 10_000 : 100_000;
const readSamples = quick ? 30 : 200;
const publishing = !quick && !only && secondsOverride === undefined && pairsOverride === undefined;
const log = (line: string) => {
  console.log(`[bench] ${line}`);
};
const range = (s: { median: number; min: number; max: number }, digits = 2) =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;

const startedAt = new Date();
log(
  `${quick ? "quick" : "full"} run: load phases of ${seconds} s, usage summaries at ${sizes.map((s) => s.toLocaleString("en-GB")).join(" and ")} entries`,
);
const stack = await startStack();
let failed = false;
try {
  const facts = await machine(stack.db);
  const baseline = await stack.startBaseline();
  const [first, second] = await stack.startApis(2);
  if (!first || !second) throw new Error("the API processes did not start");
  const capacity: Record<string, number> = {};
  // Quick runs (in `pnpm test`) wait less: they judge correctness, not speed.
  const quietLimitMs = quick ? 10_000 : 120_000;
  const settle = async (what: string) => {
    const { waitedMs, quiet } = await untilQuiet(quietLimitMs);
    if (waitedMs > 1_000 || !quiet)
      log(`   (${what}: ${quiet ? "quiet" : "still busy"} after ${(waitedMs / 1_000).toFixed(1)} s)`);
  };
  const phase = async <T>(name: string, title: string, measure: () => Promise<T>): Promise<T | undefined> => {
    if (!wanted(name)) return undefined;
    log(title);
    await settle(name);
    const started = performance.now();
    const measured = await measure();
    log(`   (${name}: ${((performance.now() - started) / 1_000).toFixed(1)} s)`);
    return measured;
  };
  const catalogue = await bookingCatalogue(stack);

  const get = await phase("get", "1. GET timeslots and products: REST layer vs baseline", async () => {
    const measured = await restGet(stack, first.base, baseline.base, seconds, pairs);
    log(
      `   rest_get_ratio ${range(measured.rest_get_ratio)}, rest_get_layer_ratio ${range(measured.rest_get_layer_ratio)}`,
    );
    return measured;
  });

  const bookings = await phase(
    "bookings",
    "2. POST booking and the same sale statement from plain pg, each on a reset catalogue",
    async (): Promise<BookingsResult> => {
      log(
        `   ${catalogue.length} timeslots, ${PLACES_PER_PHASE.toLocaleString("en-GB")} free places each before every phase; ${BOOKING_CONNECTIONS} connections, baseline pool ${API_POOL_SIZE}`,
      );
      // Warm both sides up (JIT, pools, prepared statements) before the measured pairs.
      await resetPlaces(stack, catalogue);
      await apiBookings(stack, first, catalogue, 2);
      await bookingBaseline(stack, catalogue, 2);
      const rounds: BookingRound[] = [];
      for (let pair = 0; pair < pairs; pair++) {
        await resetPlaces(stack, catalogue);
        await settle(`pair ${pair + 1}, API`);
        const api = await apiBookings(stack, first, catalogue, seconds);
        await resetPlaces(stack, catalogue);
        await settle(`pair ${pair + 1}, baseline`);
        const base = await bookingBaseline(stack, catalogue, seconds);
        rounds.push({ api, baseline: base, ratio: api.sold_per_s / base.sold_per_s });
        log(
          `   pair ${pair + 1}: API ${api.sold} sold, ${api.refused} refused, p99 ${api.sale_p99_ms} ms, ${api.cpu_ms_per_sale.toFixed(2)} ms API CPU per sale; baseline ${base.sold} sold, ${base.refused} refused, p99 ${base.sale_p99_ms.toFixed(0)} ms, ${base.cpu_ms_per_sale.toFixed(2)} ms client CPU per sale; ratio ${rounds[pair]?.ratio.toFixed(2)}`,
        );
      }
      capacity.bookings = await overCapacity(stack);
      return { catalogueSlots: catalogue.length, placesPerPhase: PLACES_PER_PHASE, rounds };
    },
  );

  const usage = await phase("usage", "3. POST usage: one and two API processes vs baseline", async () => {
    const measured = await usagePost(stack, [first, second], baseline.base, seconds, pairs);
    log(`   usage_post_ratio ${range(measured.usage_post_ratio)}`);
    return measured;
  });

  const batch = await phase("batch", "3b. POST usage batches of 1,000: one API process vs plain pg", async () => {
    const measured = await usageBatch(stack, first, baseline.base, seconds, pairs);
    log(
      `   usage_batch_entries_per_s ${range(measured.usage_batch_entries_per_s, 0)}, ratio ${range(measured.usage_batch_ratio)}`,
    );
    return measured;
  });

  const rush = await phase(
    "contention",
    "5. contention: 1,000 attempts on capacity 20 through three API processes",
    async () => {
      const [third] = await stack.startApis(1);
      if (!third) throw new Error("the third API process did not start");
      // The rush meets three processes in their steady state, as in production: the new one is
      // warmed up (JIT, connection pool, caches) with a few seconds of bookings first, and all
      // three go through unmeasured rushes before the measured one (see contention).
      await resetPlaces(stack, catalogue);
      await load({
        url: `${third.base}/api/v2/ota/acme-travel/booking`,
        method: "POST",
        headers: { authorization: `Bearer ${stack.keys.ota}` },
        body: bookingBodies(catalogue, "BWARM"),
        connections: 10,
        seconds: 3,
      });
      const measured = await contention(stack, [first, second, third], () => settle("the rush"));
      capacity.contention = await overCapacity(stack);
      log(`   contention_sold ${measured.contention_sold} in ${measured.contention_ms.toFixed(0)} ms`);
      return measured;
    },
  );

  const usageReads = await phase("summary", "4. usage summary latency", async () => {
    const series: SeriesFigure[] = [];
    const summary = await summaryLatency(stack, first.base, sizes, samples, log, async (entries) => {
      log(`4b. usage series at ${entries.toLocaleString("en-GB")} entries`);
      const figures = await seriesLatency(stack, first.base, entries, samples);
      for (const f of figures) {
        log(
          `   ${f.days} days by ${f.window}, ${f.zone}: ${f.meters} meters × ${f.points} points, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms`,
        );
      }
      series.push(...figures);
    });
    log("6. usage summary grouped by a dimension");
    const summaryGroupBy = await summaryGroupByLatency(stack, first.base, samples, log);
    log(`   summary_groupby_p95_ms ${summaryGroupBy.p95.toFixed(1)}`);
    return { summary, series, summaryGroupBy };
  });
  const catalogueReads = await phase(
    "catalogue",
    `7. catalogue at scale (a database of its own): a day's timeslots at 1,000 and ${largeTimeslots.toLocaleString("en-GB")} timeslots, calendar, change feed, OCTO calendar, schedules of 366 days × 4 times`,
    () =>
      catalogueAtScale(stack, {
        largeTimeslots,
        samples: readSamples,
        scheduleRuns: quick ? 1 : 3,
        pairs,
        warmSeconds: quick ? 2 : 5,
        log,
      }),
  );
  const day = await phase(
    "day",
    "8. the day of the tour: 50 scanners checking distinct tickets in; 3-item orders vs single bookings, held then confirmed",
    async () => {
      const scans = await checkIns(stack, first, pairs, quick ? 500 : 2_000);
      for (const [i, r] of scans.rounds.entries())
        log(
          `   check-ins round ${i + 1}: ${r.codes} codes, ${r.perSecond.toFixed(0)} scans/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
        );
      const orders = await orderConfirm(stack, first, pairs, quick ? 60 : 300);
      for (const [i, r] of orders.rounds.entries())
        log(
          `   confirm pair ${i + 1}: single p95 ${r.single.p95.toFixed(1)} ms, ${orders.items}-item order p95 ${r.order.p95.toFixed(1)} ms, ratio ${r.ratio.toFixed(2)}`,
        );
      capacity.day = await overCapacity(stack);
      return { checkIns: scans, orders };
    },
  );
  const webhooks = await phase(
    "webhooks",
    "9. partner webhooks: lag during bookings, deliveries per second; e-mails per second to a local SMTP server",
    async () => {
      const rounds: WebhooksResult[] = [];
      const emails: EmailsResult[] = [];
      for (let pair = 0; pair < pairs; pair++) {
        await resetPlaces(stack, catalogue);
        await settle(`round ${pair + 1}`);
        const round = await webhookDelivery(stack, first, catalogue, seconds, quick ? 1_000 : 3_000);
        rounds.push(round);
        log(
          `   round ${pair + 1}: lag p50 ${round.lag_p50_ms.toFixed(0)} ms, p95 ${round.lag_p95_ms.toFixed(0)} ms (${round.arrived} of ${round.booked}); ${round.delivered} of ${round.queued} at ${round.deliveries_per_s.toFixed(0)}/s`,
        );
        await settle(`round ${pair + 1}, e-mails`);
        const mail = await emailThroughput(stack, quick ? 500 : 2_000);
        emails.push(mail);
        log(
          `   round ${pair + 1}: ${mail.received} of ${mail.queued} e-mails at ${mail.emails_per_s.toFixed(0)}/s, ${mail.arrivedOnce} arrived once`,
        );
      }
      capacity.webhooks = await overCapacity(stack);
      return { rounds, emails };
    },
  );
  const feed = await phase(
    "feed",
    "10. a partner follows the availability change feed during bookings through both API processes",
    async () => {
      const measured = await feedDuringBookings(stack, [first, second], catalogue, seconds);
      capacity.feed = await overCapacity(stack);
      const f = measured.follow;
      log(
        `   ${measured.load.statuses["2xx"] ?? 0} × 201; the partner read ${f.changes} changes (${f.expected} of its own between the start's and the end's snapshots) in ${f.pages} pages of ${f.reads} GETs: ${f.missing} missing, ${f.duplicated} twice, ${f.outOfOrder} out of order; ${f.unequal} of ${f.timeslots} timeslots unequal to the database (${f.changedTimeslots} changed); behind the commits p50 ${f.lag_p50_ms.toFixed(0)} ms, p95 ${f.lag_p95_ms.toFixed(0)} ms, max ${f.lag_max_ms.toFixed(0)} ms`,
      );
      return measured;
    },
  );
  capacity["the run"] = await overCapacity(stack);

  const once = (value: number) => spread([value]);
  const figures: BenchResults["figures"] = {};
  if (get) {
    figures.rest_get_ratio = get.rest_get_ratio;
    figures.rest_get_layer_ratio = get.rest_get_layer_ratio;
  }
  if (bookings) {
    figures.booking_db_ratio = spread(bookings.rounds.map((r) => r.ratio));
    figures.booking_rps = spread(bookings.rounds.map((r) => r.api.sold_per_s));
    figures.booking_p99_ms = spread(bookings.rounds.map((r) => r.api.sale_p99_ms));
    const refusals = bookings.rounds.flatMap((r) => (r.api.refusal_p99_ms === null ? [] : [r.api.refusal_p99_ms]));
    if (refusals.length) figures.booking_refusal_p99_ms = spread(refusals);
  }
  if (rush) figures.contention_ms = once(rush.contention_ms);
  if (webhooks) {
    figures.webhook_lag_p95_ms = spread(webhooks.rounds.map((w) => w.lag_p95_ms));
    figures.webhook_deliveries_per_s = spread(webhooks.rounds.map((w) => w.deliveries_per_s));
    figures.emails_per_s = spread(webhooks.emails.map((e) => e.emails_per_s));
  }
  if (usage) figures.usage_post_ratio = usage.usage_post_ratio;
  if (batch) {
    figures.usage_batch_entries_per_s = batch.usage_batch_entries_per_s;
    figures.usage_batch_ratio = batch.usage_batch_ratio;
  }
  if (usageReads) {
    const { summary, series, summaryGroupBy } = usageReads;
    const tenMillionYear = summary.latencies.filter((l) => l.entries === 10_000_000 && l.days === 366);
    const tenMillionSeries = series.filter((s) => s.entries === 10_000_000 && s.days === 366 && s.window === "day");
    // The worse of the two zones measured: one figure per run.
    if (tenMillionYear.length) figures.summary_p95_ms_10m_366d = once(Math.max(...tenMillionYear.map((l) => l.p95)));
    if (tenMillionSeries.length) figures.series_p95_ms_10m_366d = once(Math.max(...tenMillionSeries.map((l) => l.p95)));
    figures.summary_groupby_p95_ms = once(summaryGroupBy.p95);
  }
  if (catalogueReads) {
    const c = catalogueReads;
    figures.timeslots_p95_ms_1k = spread(c.rounds.map((r) => r.small.latency.p95));
    // Recorded only at the size they are named or described for (100,000 timeslots in the
    // database): a quick run's smaller database prints them in the log, nowhere else.
    const atScale = c.rounds.every((r) => r.large.timeslots >= 100_000);
    if (atScale) {
      figures.schedule_materialise_ms = spread(c.schedules.map((s) => s.ms));
      figures.schedule_bookable_ms = spread(c.schedules.map((s) => s.bookableMs));
      figures.timeslots_p95_ms_100k = spread(c.rounds.map((r) => r.large.latency.p95));
      figures.timeslots_p95_ratio_100k = spread(c.rounds.map((r) => r.ratio));
    }
    if (c.calendar.timeslots >= 100_000) figures.calendar_p95_ms_366d = once(c.calendar.p95);
    figures.feed_page_p95_ms = once(c.feed.latency.p95);
    if (c.octo.timeslots >= 100_000) figures.octo_availability_p95_ms = once(c.octo.p95);
  }
  if (day) {
    figures.checkin_p95_ms = spread(day.checkIns.rounds.map((r) => r.p95));
    figures.single_confirm_p95_ms = spread(day.orders.rounds.map((r) => r.single.p95));
    figures.order_confirm_p95_ms = spread(day.orders.rounds.map((r) => r.order.p95));
    figures.order_confirm_ratio = spread(day.orders.rounds.map((r) => r.ratio));
  }
  const details: BenchResults["details"] = {
    ...(get ? { get } : {}),
    ...(bookings ? { bookings } : {}),
    ...(usage ? { usage } : {}),
    ...(batch ? { batch } : {}),
    ...(rush ? { contention: rush } : {}),
    ...(usageReads ? usageReads : {}),
    ...(catalogueReads ? { catalogue: catalogueReads } : {}),
    ...(day ? { checkIns: day.checkIns, orders: day.orders } : {}),
    ...(webhooks ? { webhooks: webhooks.rounds, emails: webhooks.emails } : {}),
    ...(feed ? { feed } : {}),
    capacity,
  };
  const checked = checks(details);
  const finishedAt = new Date();
  const results: BenchResults = {
    mode: quick ? "quick" : "full",
    command: [
      secondsOverride ? `BENCH_SECONDS=${secondsOverride}` : "",
      pairsOverride ? `BENCH_PAIRS=${pairsOverride}` : "",
      "pnpm bench",
      quick ? "--quick" : "",
      only ? `--only=${only.join(",")}` : "",
    ]
      .filter(Boolean)
      .join(" "),
    phases: PHASES.filter(wanted),
    startedAt: startedAt.toISOString(),
    minutes: (finishedAt.getTime() - startedAt.getTime()) / 60_000,
    machine: facts,
    settings: {
      loadSeconds: seconds,
      pairs,
      connections: BOOKING_CONNECTIONS,
      summarySamples: samples,
      usageSizes: sizes,
      contentionClient: CONTENTION_CLIENT,
      sampleClient: SAMPLE_CLIENT,
      largeTimeslots,
      readSamples,
    },
    figures,
    details,
    verdict: { ok: checked.every((c) => c.ok), checks: checked, targets: targets(figures, !quick) },
  };
  const json = `${JSON.stringify(results, null, 2)}\n`;
  if (publishing) {
    await writeFile(resolve(root, "bench/results.json"), json);
    await writeFile(resolve(root, "docs/benchmarks.md"), await renderReport(results));
    log(`wrote bench/results.json and docs/benchmarks.md in ${results.minutes.toFixed(1)} min`);
  } else {
    await writeFile(resolve(root, "bench/last-run.json"), json);
    log(
      `wrote bench/last-run.json in ${results.minutes.toFixed(1)} min (not published: not a full run with every phase)`,
    );
  }
  for (const t of results.verdict.targets) {
    if (t.median === null) continue;
    log(
      `target ${t.met === null ? "n/a   " : t.met ? "met   " : "MISSED"}  ${t.figure} = ${+t.median.toFixed(2)} (${t.measurements > 1 ? `median of ${t.measurements}, ${+(t.min ?? 0).toFixed(2)}-${+(t.max ?? 0).toFixed(2)}; ` : ""}${t.target})`,
    );
  }
  for (const c of checked) {
    log(`check  ${c.ok ? "ok    " : "FAILED"}  ${c.check}: ${c.detail}`);
    if (!c.ok) failed = true;
  }
} finally {
  await stack.stop();
}
if (failed) {
  log("a correctness check failed: these figures are not to be trusted");
  process.exitCode = 1;
}
