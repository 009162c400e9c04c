import { addDays, DEFAULT_USAGE_RETENTION_DAYS, todayIn, usageRetentionCutoff } from "@slotwise/core";
import { makeUsagePartitions } from "@slotwise/db";
import { compactUsageFully } from "@slotwise/db/testing";

import type { BenchStack } from "../stack.ts";
import { sequentialLatency } from "../timed-get.ts";

export interface LatencyFigure {
  entries: number;
  days: number;
  zone: string;
  p50: number;
  p95: number;
}

export interface SummaryResult {
  /**
   * `vacuumSeconds` (the VACUUM and, since run O, the CHECKPOINT after it) is absent from runs
   * recorded before the bench vacuumed after its loads.
   */
  loads: { entries: number; insertSeconds: number; compactSeconds: number; vacuumSeconds?: number }[];
  latencies: LatencyFigure[];
}

const METERS = 8;
const YEAR_SECONDS = 366 * 86_400;

/**
 * Adds entries with bulk SQL until the operator has `total`, spread over the last 366 days
 * across 8 meters with exact decimal amounts, then lets the compactor fold them all and vacuums.
 */
async function fillTo(stack: BenchStack, have: number, total: number) {
  const started = performance.now();
  // Each month's partition exists before its entries arrive, as the worker keeps them (the
  // default partition only catches what it missed, and the worker's later move of a million
  // caught rows would run during the measurement).
  await makeUsagePartitions(stack.db, new Date(), usageRetentionCutoff(new Date(), DEFAULT_USAGE_RETENTION_DAYS));
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
  await compactUsageFully(stack.db);
  const compacted = performance.now();
  // The reads are measured as a running service has them, with autovacuum caught up. The load
  // is a backfill no service sees: it folds millions of entries into every rollup row of the
  // year at once, and in the minute after it autovacuum is still working through the rollups,
  // which would triple a year's read.
  await stack.db.$executeRawUnsafe(
    `VACUUM (ANALYZE) usage_entries, usage_rollups_15m, usage_rollups_hourly, usage_rollups_shifted_days, usage_rollups_daily`,
  );
  // The load leaves gigabytes of WAL behind it, and PostgreSQL spreads the checkpoint it asks
  // for over minutes: a phase measured during one has single answers far above its median. A
  // service sees no such write burst, so it is done first.
  await stack.db.$executeRawUnsafe("CHECKPOINT");
  return {
    entries: total,
    insertSeconds: (inserted - started) / 1000,
    compactSeconds: (compacted - inserted) / 1000,
    vacuumSeconds: (performance.now() - compacted) / 1000,
  };
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
  return { entries, days, zone, ...(await sequentialLatency(() => ({ url, headers }), samples)) };
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
