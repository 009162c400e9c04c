/**
 * `pnpm bench [--quick]`: starts the API with production settings against a fresh
 * PostgreSQL, loads it from this process (autocannon), and writes bench/results.json and
 * docs/benchmarks.md. `--quick` shortens every load phase and loads fewer usage entries.
 */
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

import { load } from "./load.ts";
import { machine } from "./machine.ts";
import { renderReport } from "./report.ts";
import type { BenchResults } from "./results.ts";
import { bookingBaseline } from "./scenarios/booking-baseline.ts";
import { bookingBodies, bookings } from "./scenarios/booking.ts";
import { contention } from "./scenarios/contention.ts";
import { restGet } from "./scenarios/rest-get.ts";
import { summaryLatency } from "./scenarios/summary.ts";
import { usagePost } from "./scenarios/usage-post.ts";
import { startStack } from "./stack.ts";

const root = resolve(import.meta.dirname, "../..");
if (process.argv.includes("--render")) {
  // Rewrites docs/benchmarks.md from the last results and the current analysis, measuring nothing.
  const last = JSON.parse(await readFile(resolve(root, "bench/results.json"), "utf8")) as BenchResults;
  await writeFile(resolve(root, "docs/benchmarks.md"), await renderReport(last));
  process.exit(0);
}
const quick = process.argv.includes("--quick");
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
try {
  const facts = await machine(stack.db);
  const baseline = await stack.startBaseline();
  const [first, second] = await stack.startApis(2);
  if (!first || !second) throw new Error("the API processes did not start");

  log("1. GET timeslots and products: REST layer vs baseline");
  const get = await restGet(stack, first.base, baseline.base, seconds);
  log(
    `   rest_get_ratio ${get.rest_get_ratio.toFixed(2)}, rest_get_layer_ratio ${get.rest_get_layer_ratio.toFixed(2)}`,
  );
  if (process.argv.includes("--only-rest")) process.exit(0);

  log("2. POST booking over many timeslots, and the same writes as plain pg transactions");
  const booking = await bookings(stack, first.base, seconds);
  log(`   booking_rps ${booking.booking_rps.toFixed(0)}, p99 ${booking.booking_p99_ms} ms`);
  const bookingDb = await bookingBaseline(stack, 50, seconds);
  log(
    `   baseline ${bookingDb.tps.toFixed(0)} tps, p99 ${bookingDb.p99.toFixed(0)} ms; booking_db_ratio ${(booking.booking_rps / bookingDb.tps).toFixed(2)}`,
  );
  if (process.argv.includes("--only-bookings")) process.exit(0);

  log("3. POST usage: one and two API processes vs baseline");
  const usage = await usagePost(stack, [first, second], baseline.base, seconds);
  log(`   usage_post_ratio ${usage.usage_post_ratio.toFixed(2)}`);

  log("5. contention: 1,000 attempts on capacity 20 through three API processes");
  const [third] = await stack.startApis(1);
  if (!third) throw new Error("the third API process did not start");
  // The rush meets three processes in their steady state, as in production: the new one is
  // warmed up (JIT, connection pool, caches) with a few seconds of bookings first.
  await load({
    url: `${third.base}/api/v2/ota/acme-travel/booking`,
    method: "POST",
    headers: { authorization: `Bearer ${stack.keys.ota}` },
    body: (await bookingBodies(stack)).body,
    connections: 10,
    seconds: 3,
  });
  const rush = await contention(stack, [first, second, third]);
  log(`   contention_sold ${rush.contention_sold} in ${rush.contention_ms.toFixed(0)} ms`);

  log("4. usage summary latency");
  const summary = await summaryLatency(stack, first.base, sizes, samples, log);

  const finishedAt = new Date();
  const tenMillionYear = summary.latencies.filter((l) => l.entries === 10_000_000 && l.days === 366).map((l) => l.p95);
  const results: BenchResults = {
    mode: quick ? "quick" : "full",
    command: quick ? "pnpm bench --quick" : "pnpm bench",
    startedAt: startedAt.toISOString(),
    minutes: (finishedAt.getTime() - startedAt.getTime()) / 60_000,
    machine: facts,
    settings: { loadSeconds: seconds, connections: 50, summarySamples: samples, usageSizes: sizes },
    rest_get_ratio: get.rest_get_ratio,
    rest_get_layer_ratio: get.rest_get_layer_ratio,
    booking_rps: booking.booking_rps,
    booking_p99_ms: booking.booking_p99_ms,
    usage_post_ratio: usage.usage_post_ratio,
    summary_p95_ms_10m_366d: tenMillionYear.length ? Math.max(...tenMillionYear) : null,
    contention_sold: rush.contention_sold,
    contention_ms: rush.contention_ms,
    details: { get, booking, usage, summary, contention: rush },
  };
  await writeFile(resolve(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(resolve(root, "docs/benchmarks.md"), await renderReport(results));
  log(`wrote bench/results.json and docs/benchmarks.md in ${results.minutes.toFixed(1)} min`);
} finally {
  await stack.stop();
}
