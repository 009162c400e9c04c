import { readFile } from "node:fs/promises";

import type { LoadResult } from "./load.ts";
import type { BenchResults } from "./results.ts";

const n0 = (v: number) => Math.round(v).toLocaleString("en-GB");
const n1 = (v: number) => v.toFixed(1);
const n2 = (v: number) => v.toFixed(2);
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const loadRow = (name: string, r: LoadResult) =>
  row([
    name,
    n0(r.rps),
    r.p50,
    r.p99,
    Object.entries(r.statuses)
      .filter(([, v]) => v > 0)
      .map(([k, v]) => `${k}: ${n0(v)}`)
      .join(", "),
    r.errors,
  ]);
const check = (ok: boolean) => (ok ? "met" : "**missed**");

/** docs/benchmarks.md: the figures of the last run, then the analysis kept in bench/analysis.md. */
export async function renderReport(r: BenchResults): Promise<string> {
  const { get, booking, usage, summary, contention } = r.details;
  const analysis = await readFile(new URL("../analysis.md", import.meta.url), "utf8");
  const lines = [
    "# Benchmarks",
    "",
    `Written by \`${r.command}\` on ${r.startedAt.slice(0, 10)} (${n1(r.minutes)} min). Do not edit the figures by hand: run the command again.`,
    "",
    "## Machine",
    "",
    `${r.machine.cores} × ${r.machine.cpu}, ${r.machine.memoryGiB} GiB, Node.js ${r.machine.node}, ${r.machine.postgres} (embedded, fresh, durable defaults: fsync on).`,
    `The load generator (autocannon, ${r.settings.connections} connections, ${r.settings.loadSeconds} s per phase after a warm-up) runs on the same machine as the servers and the database: every figure shares the 2 cores.`,
    "",
    "## Targets",
    "",
    row(["figure", "value", "target", ""]),
    row(["---", "---", "---", "---"]),
    row(["rest_get_ratio", n2(r.rest_get_ratio), ">= 0.5", check(r.rest_get_ratio >= 0.5)]),
    row(["rest_get_layer_ratio", n2(r.rest_get_layer_ratio), ">= 0.6", check(r.rest_get_layer_ratio >= 0.6)]),
    row(["usage_post_ratio", n2(r.usage_post_ratio), ">= 0.5", check(r.usage_post_ratio >= 0.5)]),
    row([
      "summary_p95_ms_10m_366d",
      r.summary_p95_ms_10m_366d === null ? "not measured (quick run)" : n1(r.summary_p95_ms_10m_366d),
      "< 50",
      r.summary_p95_ms_10m_366d === null ? "" : check(r.summary_p95_ms_10m_366d < 50),
    ]),
    row(["contention_sold", r.contention_sold, "= 20", check(r.contention_sold === 20)]),
    row(["contention_ms", n0(r.contention_ms), "< 2000", check(r.contention_ms < 2000)]),
    row(["booking_rps", n0(r.booking_rps), "", ""]),
    row(["booking_p99_ms", r.booking_p99_ms, "", ""]),
    "",
    "## 1. GET through the REST layer and the baseline",
    "",
    row(["route", "req/s", "p50 ms", "p99 ms", "responses", "errors"]),
    row(["---", "---", "---", "---", "---", "---"]),
    loadRow("baseline GET timeslots", get.timeslots.baseline),
    loadRow("cached baseline GET timeslots", get.timeslots.cached),
    loadRow("REST GET timeslots", get.timeslots.rest),
    loadRow("baseline GET products", get.products.baseline),
    loadRow("cached baseline GET products", get.products.cached),
    loadRow("REST GET products", get.products.rest),
    "",
    `Against the baseline querying on every request: timeslots ${n2(get.timeslots.ratio)}, products ${n2(get.products.ratio)}; \`rest_get_ratio\` = ${n2(r.rest_get_ratio)}.`,
    `Against the cached baseline (the same bodies kept in memory, as the API answers from its read cache): timeslots ${n2(get.timeslots.layerRatio)}, products ${n2(get.products.layerRatio)}; \`rest_get_layer_ratio\` = ${n2(r.rest_get_layer_ratio)}.`,
    "",
    "## 2. POST booking",
    "",
    row(["route", "req/s", "p50 ms", "p99 ms", "responses", "errors"]),
    row(["---", "---", "---", "---", "---", "---"]),
    loadRow("REST POST booking", booking.load),
    "",
    `${n0(booking.created)} bookings made over ${booking.slots} timeslots: \`booking_rps\` = ${n0(r.booking_rps)} (201s per second); 409s are timeslots that filled up.`,
    "",
    "## 3. POST usage",
    "",
    row(["route", "entries/s", "p50 ms", "p99 ms", "responses", "errors"]),
    row(["---", "---", "---", "---", "---", "---"]),
    loadRow("baseline INSERT", usage.baseline),
    loadRow("REST, 1 API process", usage.one),
    loadRow("REST, 2 API processes", usage.two),
    "",
    `\`usage_post_ratio\` (one process) = ${n2(r.usage_post_ratio)}; two processes: ${n2(usage.two_process_ratio)} of the baseline.`,
    "",
    "## 4. Usage summary latency",
    "",
    row(["entries", "bulk insert s", "compaction s"]),
    row(["---", "---", "---"]),
    ...summary.loads.map((l) => row([n0(l.entries), n1(l.insertSeconds), n1(l.compactSeconds)])),
    "",
    row(["entries", "days", "zone", "p50 ms", "p95 ms"]),
    row(["---", "---", "---", "---", "---"]),
    ...summary.latencies.map((l) => row([n0(l.entries), l.days, l.zone, n1(l.p50), n1(l.p95)])),
    "",
    `${r.settings.summarySamples} sequential GET /api/v2/usage/meters per line, after 3 warm-up calls, over HTTP from the bench process.`,
    "",
    "## 5. Contention",
    "",
    `${contention.attempts} booking attempts at once on one timeslot of capacity 20 through three API processes: ${contention.contention_sold} × 201, ${contention.refused} × 409${Object.keys(contention.other).length ? `, other: ${JSON.stringify(contention.other)}` : ""}, all answered in ${n0(contention.contention_ms)} ms. In the database afterwards: places_taken ${contention.places_taken}, confirmed participants ${contention.confirmed_in_db}.`,
    "",
    analysis.trim(),
    "",
  ];
  return lines.join("\n");
}
