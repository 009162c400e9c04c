import { readFile } from "node:fs/promises";

import type { LoadResult } from "./load.ts";
import type { BenchResults } from "./results.ts";
import { checks, targets } from "./verdict.ts";

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
  const { get, booking, bookingDb, usage, summary, batch, series, summaryGroupBy, contention } = r.details;
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
    ...targets(r).map((t) =>
      row([
        t.figure,
        t.value === null ? "not measured (quick run)" : t.value >= 100 ? n0(t.value) : n2(t.value),
        t.target,
        t.met === null ? "" : check(t.met),
      ]),
    ),
    row(["booking_rps", n0(r.booking_rps), "", ""]),
    "",
    "## Correctness checks",
    "",
    "`pnpm bench` exits 1 when one of these fails: the figures would not be worth reading.",
    "",
    row(["check", "", "detail"]),
    row(["---", "---", "---"]),
    ...checks(r).map((c) => row([c.check, c.ok ? "ok" : "**failed**", c.detail])),
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
    `The database's own limit, in the same run: ${r.settings.connections} plain \`pg\` clients, each committing one transaction after another with the statements a booking makes (the conditional capacity update, the booking row, its history row, its two e-mails), durably, on random open timeslots: ${n0(bookingDb.tps)} transactions/s, p99 ${n0(bookingDb.p99)} ms (${n0(bookingDb.refused)} refused on full timeslots). \`booking_db_ratio\` = ${n2(r.booking_db_ratio)}.`,
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
    "## 3b. POST usage batches",
    "",
    row(["route", "batches/s", "p50 ms", "p99 ms", "responses", "errors"]),
    row(["---", "---", "---", "---", "---", "---"]),
    loadRow("baseline pg INSERT … json_to_recordset", batch.baseline),
    loadRow("REST POST /usage/meters/batch, 1 API process", batch.api),
    "",
    `Batches of ${n0(batch.entriesPerBatch)} entries, each with an EventID (all new) and ExtraInfo a small JSON object, ${batch.connections} connections on both sides. Entries per second: baseline ${n0(batch.baselineEntriesPerS)}, API ${n0(batch.apiEntriesPerS)}: \`usage_batch_ratio\` = ${n2(r.usage_batch_ratio)}. Rows in the database afterwards: baseline ${n0(batch.baselineRecorded)}, API ${n0(batch.apiRecorded)}.`,
    "",
    "## 4. Usage summary latency",
    "",
    row(["entries", "bulk insert s", "compaction s", "vacuum and checkpoint s"]),
    row(["---", "---", "---", "---"]),
    ...summary.loads.map((l) =>
      row([
        n0(l.entries),
        n1(l.insertSeconds),
        n1(l.compactSeconds),
        l.vacuumSeconds === undefined ? "-" : n1(l.vacuumSeconds),
      ]),
    ),
    "",
    row(["entries", "days", "zone", "p50 ms", "p95 ms"]),
    row(["---", "---", "---", "---", "---"]),
    ...summary.latencies.map((l) => row([n0(l.entries), l.days, l.zone, n1(l.p50), n1(l.p95)])),
    "",
    `${r.settings.summarySamples} sequential GET /api/v2/usage/meters per line, after 3 warm-up calls, over HTTP from the bench process.`,
    "",
    "## 4b. Usage series latency",
    "",
    row(["entries", "days", "window", "zone", "meters × points", "p50 ms", "p95 ms"]),
    row(["---", "---", "---", "---", "---", "---", "---"]),
    ...series.map((s) =>
      row([n0(s.entries), s.days, s.window, s.zone, `${s.meters} × ${s.points}`, n1(s.p50), n1(s.p95)]),
    ),
    "",
    `${r.settings.summarySamples} sequential GET /api/v2/usage/meters/series per line (every meter, no filter), after 3 warm-up calls, on the summary's dataset right after its latencies.`,
    "",
    "## 5. Contention",
    "",
    `${contention.attempts} booking attempts at once, each on a new connection (client: ${r.settings.contentionClient ?? "undici"}; "one-shot" is bench/src/one-shot-post.ts), on one timeslot of capacity 20 through three API processes: ${contention.contention_sold} × 201, ${contention.refused} × 409${Object.keys(contention.other).length ? `, other: ${JSON.stringify(contention.other)}` : ""}, all answered in ${n0(contention.contention_ms)} ms. In the database afterwards: places_taken ${contention.places_taken}, confirmed participants ${contention.confirmed_in_db}.`,
    "",
    "## 6. Usage summary grouped by a dimension",
    "",
    `${n0(summaryGroupBy.entries)} entries over the last ${summaryGroupBy.days} days whose dimension \`region\` takes ${summaryGroupBy.distinctValues} values, on top of the entries of section 4: bulk insert ${n1(summaryGroupBy.insertSeconds)} s, compaction ${n1(summaryGroupBy.compactSeconds)} s. ` +
      `${r.settings.summarySamples} sequential GET /api/v2/usage/meters?groupBy=region over the ${summaryGroupBy.days} days, after 3 warm-up calls: p50 ${n1(summaryGroupBy.p50)} ms, p95 ${n1(summaryGroupBy.p95)} ms.`,
    "",
    analysis.trim(),
    "",
  ];
  return lines.join("\n");
}
