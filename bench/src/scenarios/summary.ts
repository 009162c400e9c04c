import { addDays, todayIn } from "@slotwise/core";
import { compactUsage } from "@slotwise/db";

import type { BenchStack } from "../stack.ts";

export interface LatencyFigure {
  entries: number;
  days: number;
  zone: string;
  p50: number;
  p95: number;
}

export interface SummaryResult {
  loads: { entries: number; insertSeconds: number; compactSeconds: number }[];
  latencies: LatencyFigure[];
}

const METERS = 8;
const YEAR_SECONDS = 366 * 86_400;

/**
 * Adds entries with bulk SQL until the operator has `total`, spread over the last 366 days
 * across 8 meters with exact decimal amounts, then lets the compactor fold them.
 */
async function fillTo(stack: BenchStack, have: number, total: number) {
  const started = performance.now();
  const batch = 1_000_000;
  for (let from = have; from < total; from += batch) {
    const to = Math.min(total, from + batch);
    await stack.db.$executeRawUnsafe(
      `INSERT INTO usage_entries (operator_id, meter, usage, occurred_at)
       SELECT $1, 'bench-meter-' || (i % ${METERS}), ((i % 997) + 1) / 100.0, now() - ((i::bigint * 7919) % ${YEAR_SECONDS}) * interval '1 second'
         FROM generate_series($2::bigint, $3::bigint) AS i`,
      stack.operatorId,
      from + 1,
      to,
    );
  }
  const inserted = performance.now();
  await compactUsage(stack.db);
  await stack.db.$executeRawUnsafe("ANALYZE usage_entries");
  await stack.db.$executeRawUnsafe("ANALYZE usage_rollups_15m");
  await stack.db.$executeRawUnsafe("ANALYZE usage_rollups_hourly");
  await stack.db.$executeRawUnsafe("ANALYZE usage_rollups_shifted_days");
  await stack.db.$executeRawUnsafe("ANALYZE usage_rollups_daily");
  return {
    entries: total,
    insertSeconds: (inserted - started) / 1000,
    compactSeconds: (performance.now() - inserted) / 1000,
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** GET /usage/meters one request at a time, as a dashboard would, after a few warm-up calls. */
async function latency(
  stack: BenchStack,
  api: string,
  entries: number,
  days: number,
  zone: string,
  samples: number,
): Promise<LatencyFigure> {
  const to = todayIn(zone, new Date());
  const from = addDays(to, -(days - 1));
  const url = `${api}/api/v2/usage/meters?from=${from}&to=${to}&tz=${encodeURIComponent(zone)}`;
  const headers = { authorization: `Bearer ${stack.keys.usageRead}` };
  const times: number[] = [];
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`summary answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { entries, days, zone, p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function summaryLatency(
  stack: BenchStack,
  api: string,
  sizes: number[],
  samples: number,
  log: (line: string) => void,
  /** Measures more on each size's dataset while it exists (the series), so 10 million are loaded once. */
  atSize: (entries: number) => Promise<void> = async () => {},
): Promise<SummaryResult> {
  const result: SummaryResult = { loads: [], latencies: [] };
  let have = 0;
  for (const size of sizes) {
    log(`loading usage entries up to ${size.toLocaleString("en-GB")}`);
    const loaded = await fillTo(stack, have, size);
    result.loads.push(loaded);
    have = size;
    for (const days of [1, 30, 366]) {
      for (const zone of ["UTC", "Asia/Kolkata"])
        result.latencies.push(await latency(stack, api, size, days, zone, samples));
    }
    await atSize(size);
  }
  return result;
}
