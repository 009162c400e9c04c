import { randomUUID } from "node:crypto";

import { compactUsageFully } from "@slotwise/db/testing";
import type { ApiProcess } from "@slotwise/testing/processes";

import { load, type LoadResult } from "../load.ts";
import { spread, type Spread } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";

/** One pair: the API, then the baseline, each from a settled database. */
export interface UsageBatchRound {
  api: LoadResult;
  baseline: LoadResult;
  /** Entries in 2xx answers per second. */
  apiEntriesPerS: number;
  baselineEntriesPerS: number;
  /** Rows the database holds afterwards for each side's EventIDs: every entry sent and answered is recorded once. */
  apiRecorded: number;
  baselineRecorded: number;
  ratio: number;
}

export interface UsageBatchResult {
  entriesPerBatch: number;
  connections: number;
  rounds: UsageBatchRound[];
  usage_batch_entries_per_s: Spread;
  usage_batch_ratio: Spread;
}

export const BATCH_ENTRIES = 1_000;
/** A few clients each sending large batches, as a collector or a queue consumer would. */
const CONNECTIONS = 8;
const METERS = ["bench-batch-api-calls", "bench-batch-storage-gb", "bench-batch-seats", "bench-batch-minutes"];
const REGIONS = ["eu-west", "eu-central", "us-east", "ap-south"];

/**
 * Bodies of 1,000 entries as a client would send them: four meters, exact decimals, a small
 * JSON object in ExtraInfo (one dimension and a plan), times within the last hour, and an
 * EventID on every entry (unique: each is claimed in `usage_event_ids`, the cost of dedup).
 * `side` prefixes the EventIDs, so the baseline and the API never collide with each other.
 */
export function batchBodies(side: string): () => string {
  const run = randomUUID().slice(0, 8);
  let next = 0;
  return () => {
    const now = Math.floor(Date.now() / 1000);
    const entries = Array.from({ length: BATCH_ENTRIES }, () => {
      const n = next++;
      return {
        Meter: METERS[n % METERS.length],
        Usage: ((n % 997) + 1) / 100,
        ExtraInfo: JSON.stringify({ region: REGIONS[(n >> 2) % REGIONS.length], plan: n % 5 === 0 ? "pro" : "free" }),
        OccurredAt: now - (n % 3600),
        EventID: `${side}-${run}-${n}`,
      };
    });
    return JSON.stringify({ Entries: entries });
  };
}

/**
 * Each side starts where a service in its steady state would: the entries of the phase before
 * compacted, the tables vacuumed and the checkpoint done. Otherwise the second side pays for the
 * first's aftermath (the compactor folding its entries, autovacuum of the new rows, the
 * checkpoint's writes), and whichever side goes second loses.
 */
async function settle(stack: BenchStack): Promise<void> {
  await compactUsageFully(stack.db);
  await stack.db.$executeRawUnsafe(
    "VACUUM (ANALYZE) usage_entries, usage_event_ids, usage_rollups_15m, usage_rollups_hourly, usage_rollups_shifted_days, usage_rollups_daily, usage_rollups_dims_15m, usage_rollups_dims_daily",
  );
  await stack.db.$executeRawUnsafe("CHECKPOINT");
}

const entriesPerS = (r: LoadResult) =>
  r.requests ? (r.rps * BATCH_ENTRIES * (r.statuses["2xx"] ?? 0)) / r.requests : 0;

async function recorded(stack: BenchStack, side: string): Promise<number> {
  const [row] = await stack.db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM usage_entries WHERE operator_id = ${stack.operatorId} AND event_id LIKE ${`${side}-%`}`;
  return Number(row?.n ?? 0);
}

/**
 * POST /usage/meters/batch through one API process against the baseline's plain `pg` insert
 * of the same bodies (same statement shape, EventIDs claimed the same way), same connections,
 * `pairs` times. Afterwards the batch meters are removed (entries and any rollups the worker
 * made of them) and the table vacuumed, so the summary and series datasets that follow are the
 * bulk-loaded ones.
 */
export async function usageBatch(
  stack: BenchStack,
  api: ApiProcess,
  baseline: string,
  seconds: number,
  pairs: number,
): Promise<UsageBatchResult> {
  const headers = { authorization: `Bearer ${stack.keys.usageWrite}` };
  const url = `${api.base}/api/v2/usage/meters/batch`;
  const common = { method: "POST" as const, connections: CONNECTIONS };
  await load({ ...common, url, headers, body: batchBodies("warm"), seconds: 2 });
  const rounds: UsageBatchRound[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    await settle(stack);
    const apiResult = await load({ ...common, url, headers, body: batchBodies(`api${pair}`), seconds });
    await settle(stack);
    const baselineResult = await load({
      ...common,
      url: `${baseline}/usage/batch`,
      body: batchBodies(`pg${pair}`),
      seconds,
    });
    rounds.push({
      api: apiResult,
      baseline: baselineResult,
      apiEntriesPerS: entriesPerS(apiResult),
      baselineEntriesPerS: entriesPerS(baselineResult),
      apiRecorded: await recorded(stack, `api${pair}`),
      baselineRecorded: await recorded(stack, `pg${pair}`),
      ratio: entriesPerS(apiResult) / entriesPerS(baselineResult),
    });
  }
  const result: UsageBatchResult = {
    entriesPerBatch: BATCH_ENTRIES,
    connections: CONNECTIONS,
    rounds,
    usage_batch_entries_per_s: spread(rounds.map((r) => r.apiEntriesPerS)),
    usage_batch_ratio: spread(rounds.map((r) => r.ratio)),
  };
  await stack.db
    .$executeRaw`DELETE FROM usage_entries WHERE operator_id = ${stack.operatorId} AND meter = ANY(${METERS}::text[])`;
  await stack.db
    .$executeRaw`DELETE FROM usage_rollups_15m WHERE operator_id = ${stack.operatorId} AND meter = ANY(${METERS}::text[])`;
  await stack.db
    .$executeRaw`DELETE FROM usage_rollups_hourly WHERE operator_id = ${stack.operatorId} AND meter = ANY(${METERS}::text[])`;
  await stack.db
    .$executeRaw`DELETE FROM usage_rollups_daily WHERE operator_id = ${stack.operatorId} AND meter = ANY(${METERS}::text[])`;
  await stack.db.$executeRawUnsafe("VACUUM ANALYZE usage_entries");
  return result;
}
