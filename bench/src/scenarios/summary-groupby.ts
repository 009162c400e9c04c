import { addDays, todayIn } from "@slotwise/core";
import { compactUsageFully } from "@slotwise/db/testing";

import type { BenchStack } from "../stack.ts";
import { sequentialLatency } from "../timed-get.ts";

export interface SummaryGroupByResult {
  entries: number;
  distinctValues: number;
  days: number;
  insertSeconds: number;
  compactSeconds: number;
  p50: number;
  p95: number;
}

const ENTRIES = 1_000_000;
const VALUES = 20;
const DAYS = 30;
const METER = "bench-dims";
const DIMENSION = "region";

/**
 * 1,000,000 entries over the last 30 days whose ExtraInfo has one dimension of 20 values,
 * written with bulk SQL (dimensions as the API stores them) and compacted; then
 * `GET /usage/meters?groupBy=region` over those 30 days, one request at a time after 3 warm-ups.
 */
export async function summaryGroupByLatency(
  stack: BenchStack,
  api: string,
  samples: number,
  log: (line: string) => void,
): Promise<SummaryGroupByResult> {
  log(`loading ${ENTRIES.toLocaleString("en-GB")} entries with a dimension of ${VALUES} values over ${DAYS} days`);
  const started = performance.now();
  const batch = 250_000;
  for (let from = 0; from < ENTRIES; from += batch) {
    await stack.db.$executeRawUnsafe(
      `INSERT INTO usage_entries (operator_id, meter, usage, extra_info, dimensions, occurred_at)
       SELECT $1, '${METER}', ((i % 997) + 1) / 100.0,
              json_build_object('${DIMENSION}', 'value-' || (i % ${VALUES}))::text,
              jsonb_build_object('${DIMENSION}', 'value-' || (i % ${VALUES})),
              now() - ((i::bigint * 7919) % ${(DAYS - 1) * 86_400}) * interval '1 second'
         FROM generate_series($2::bigint, $3::bigint) AS i`,
      stack.operatorId,
      from + 1,
      Math.min(ENTRIES, from + batch),
    );
  }
  const inserted = performance.now();
  await compactUsageFully(stack.db);
  const compacted = performance.now();
  // Measured in the steady state: otherwise autovacuum's first pass over the million new rows
  // shares the 2 cores with the requests.
  await stack.db.$executeRawUnsafe("VACUUM (ANALYZE) usage_entries, usage_rollups_dims_15m, usage_rollups_dims_daily");

  const to = todayIn("UTC", new Date());
  const url = `${api}/api/v2/usage/meters?from=${addDays(to, -(DAYS - 1))}&to=${to}&tz=UTC&groupBy=${DIMENSION}`;
  const headers = { authorization: `Bearer ${stack.keys.usageRead}` };
  // The answer is checked once, untimed; the samples are timed as the summaries' are.
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`grouped summary answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as {
    data: { Meters: { Meter: string; EventCount: number; Groups?: unknown[] }[] };
  };
  const meter = body.data.Meters.find((m) => m.Meter === METER);
  if (meter?.EventCount !== ENTRIES || meter.Groups?.length !== VALUES) {
    throw new Error(`grouped summary counted ${meter?.EventCount} entries in ${meter?.Groups?.length} groups`);
  }
  const latency = await sequentialLatency(() => ({ url, headers }), samples);
  return {
    entries: ENTRIES,
    distinctValues: VALUES,
    days: DAYS,
    insertSeconds: (inserted - started) / 1000,
    compactSeconds: (compacted - inserted) / 1000,
    ...latency,
  };
}
