/**
 * `pnpm bench [--quick] [--only=get,bookings,usage,batch,contention,summary]`: starts the API
 * with production settings against a fresh PostgreSQL, loads it from this process
 * (autocannon), judges every figure against its target and every correctness check, and
 * writes bench/results.json and docs/benchmarks.md. Exits 1 when a check fails (the figures
 * would mean nothing), 0 otherwise; a missed target is printed as such. `--quick` shortens
 * every load phase and loads fewer usage entries; `--only` runs some phases, for working on
 * them, and writes nothing.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

import { load } from "./load.ts";
import { machine } from "./machine.ts";
import { renderReport } from "./report.ts";
import type { BenchResults } from "./results.ts";
import { bookingBaseline } from "./scenarios/booking-baseline.ts";
import { bookingBodies, bookings } from "./scenarios/booking.ts";
import { contention, CONTENTION_CLIENT } from "./scenarios/contention.ts";
import { restGet } from "./scenarios/rest-get.ts";
import { summaryGroupByLatency } from "./scenarios/summary-groupby.ts";
import { summaryLatency } from "./scenarios/summary.ts";
import { usageBatch } from "./scenarios/usage-batch.ts";
import { usagePost } from "./scenarios/usage-post.ts";
import { seriesLatency, type SeriesFigure } from "./scenarios/usage-series.ts";
import { startStack } from "./stack.ts";
import { SAMPLE_CLIENT } from "./timed-get.ts";
import { checks, targets } from "./verdict.ts";

const root = resolve(import.meta.dirname, "../..");
if (process.argv.includes("--render")) {
  // Rewrites docs/benchmarks.md from the last results and the current analysis, measuring nothing.
  const last = JSON.parse(await readFile(resolve(root, "bench/results.json"), "utf8")) as BenchResults;
  await writeFile(resolve(root, "docs/benchmarks.md"), await renderReport(last));
  process.exit(0);
}
const quick = process.argv.includes("--quick");
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const wanted = (phase: string) => !only || only.includes(phase);
const seconds = quick ? 3 : 10;
const sizes = quick ? [100_000, 1_000_000] : [1_000_000, 10_000_000];
const samples = quick ? 10 : 40;
const log = (line: string) => {
  console.log(`[bench] ${line}`);
};

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
  const phase = <T>(name: string, title: string, measure: () => Promise<T>): Promise<T | undefined> => {
    if (!wanted(name)) return Promise.resolve(undefined);
    log(title);
    return measure();
  };

  const get = await phase("get", "1. GET timeslots and products: REST layer vs baseline", async () => {
    const measured = await restGet(stack, first.base, baseline.base, seconds);
    log(
      `   rest_get_ratio ${measured.rest_get_ratio.toFixed(2)}, rest_get_layer_ratio ${measured.rest_get_layer_ratio.toFixed(2)}`,
    );
    return measured;
  });

  const booked = await phase(
    "bookings",
    "2. POST booking over many timeslots, and the same writes as plain pg transactions",
    async () => {
      const booking = await bookings(stack, first.base, seconds);
      const bookingDb = await bookingBaseline(stack, 50, seconds);
      log(`   booking_rps ${booking.booking_rps.toFixed(0)}, p99 ${booking.booking_p99_ms} ms`);
      log(
        `   baseline ${bookingDb.tps.toFixed(0)} transactions/s, p99 ${bookingDb.p99.toFixed(0)} ms; booking_db_ratio ${(booking.booking_rps / bookingDb.tps).toFixed(2)}`,
      );
      return { booking, bookingDb };
    },
  );

  const usage = await phase("usage", "3. POST usage: one and two API processes vs baseline", async () => {
    const measured = await usagePost(stack, [first, second], baseline.base, seconds);
    log(`   usage_post_ratio ${measured.usage_post_ratio.toFixed(2)}`);
    return measured;
  });

  const batch = await phase("batch", "3b. POST usage batches of 1,000: one API process vs plain pg", async () => {
    const measured = await usageBatch(stack, first, baseline.base, seconds);
    log(
      `   usage_batch_entries_per_s ${measured.usage_batch_entries_per_s.toFixed(0)}, ratio ${measured.usage_batch_ratio.toFixed(2)}`,
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
      await load({
        url: `${third.base}/api/v2/ota/acme-travel/booking`,
        method: "POST",
        headers: { authorization: `Bearer ${stack.keys.ota}` },
        body: (await bookingBodies(stack)).body,
        connections: 10,
        seconds: 3,
      });
      const measured = await contention(stack, [first, second, third]);
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

  if (!get || !booked || !usage || !batch || !rush || !usageReads) {
    log("--only: some phases were left out, so nothing is judged or written");
  } else {
    const { booking, bookingDb } = booked;
    const { summary, series, summaryGroupBy } = usageReads;
    const finishedAt = new Date();
    const tenMillionYear = summary.latencies
      .filter((l) => l.entries === 10_000_000 && l.days === 366)
      .map((l) => l.p95);
    const tenMillionSeries = series
      .filter((s) => s.entries === 10_000_000 && s.days === 366 && s.window === "day")
      .map((s) => s.p95);
    const results: BenchResults = {
      mode: quick ? "quick" : "full",
      command: quick ? "pnpm bench --quick" : "pnpm bench",
      startedAt: startedAt.toISOString(),
      minutes: (finishedAt.getTime() - startedAt.getTime()) / 60_000,
      machine: facts,
      settings: {
        loadSeconds: seconds,
        connections: 50,
        summarySamples: samples,
        usageSizes: sizes,
        contentionClient: CONTENTION_CLIENT,
        sampleClient: SAMPLE_CLIENT,
      },
      rest_get_ratio: get.rest_get_ratio,
      rest_get_layer_ratio: get.rest_get_layer_ratio,
      booking_rps: booking.booking_rps,
      booking_p99_ms: booking.booking_p99_ms,
      booking_db_ratio: booking.booking_rps / bookingDb.tps,
      usage_post_ratio: usage.usage_post_ratio,
      summary_p95_ms_10m_366d: tenMillionYear.length ? Math.max(...tenMillionYear) : null,
      usage_batch_entries_per_s: batch.usage_batch_entries_per_s,
      usage_batch_ratio: batch.usage_batch_ratio,
      series_p95_ms_10m_366d: tenMillionSeries.length ? Math.max(...tenMillionSeries) : null,
      summary_groupby_p95_ms: summaryGroupBy.p95,
      contention_sold: rush.contention_sold,
      contention_ms: rush.contention_ms,
      details: { get, booking, bookingDb, usage, summary, batch, series, summaryGroupBy, contention: rush },
    };
    await writeFile(resolve(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(resolve(root, "docs/benchmarks.md"), await renderReport(results));
    log(`wrote bench/results.json and docs/benchmarks.md in ${results.minutes.toFixed(1)} min`);
    for (const t of targets(results))
      log(
        `target ${t.met === null ? "not measured" : t.met ? "met   " : "MISSED"}  ${t.figure} = ${t.value === null ? "-" : +t.value.toFixed(2)} (${t.target})`,
      );
    for (const c of checks(results)) {
      log(`check  ${c.ok ? "ok    " : "FAILED"}  ${c.check}: ${c.detail}`);
      if (!c.ok) failed = true;
    }
  }
} finally {
  await stack.stop();
}
if (failed) {
  log("a correctness check failed: these figures are not to be trusted");
  process.exitCode = 1;
}
