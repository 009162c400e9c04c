import type { ApiProcess } from "@slotwise/testing/processes";

import { load, loadTogether, type LoadOptions, type LoadResult } from "../load.ts";
import { spread, type Spread } from "../percentile.ts";
import type { BenchStack } from "../stack.ts";
import { matchByIdentity, type IdentityMatch } from "../verdict.ts";

/** One pair: the API (one process) then the baseline insert. */
export interface UsagePostRound {
  api: LoadResult;
  baseline: LoadResult;
  ratio: number;
}

export interface UsagePostResult {
  rounds: UsagePostRound[];
  two: LoadResult;
  usage_post_ratio: Spread;
  /** Two API processes against the last round's baseline. */
  two_process_ratio: number;
  /** Every entry the API acknowledged, matched by its ID against what the database holds. */
  identity: IdentityMatch;
}

const CONNECTIONS = 50;

const bodyFor = (meter: string) => () =>
  JSON.stringify({ Meter: meter, Usage: 1.25, OccurredAt: Math.floor(Date.now() / 1000) - 60 });

/**
 * POST usage: `pairs` rounds of one API process then the baseline insert, then two API
 * processes (load split evenly). Each API load writes a meter of its own, and every ID the API
 * answered with is looked up in the database afterwards.
 */
export async function usagePost(
  stack: BenchStack,
  apis: [ApiProcess, ApiProcess],
  baseline: string,
  seconds: number,
  pairs: number,
): Promise<UsagePostResult> {
  const headers = { authorization: `Bearer ${stack.keys.usageWrite}` };
  const path = "/api/v2/usage/meters";
  const acknowledged: number[] = [];
  const meters: string[] = [];
  const apiLoad = (api: ApiProcess, meter: string, connections: number): LoadOptions => {
    meters.push(meter);
    return {
      url: `${api.base}${path}`,
      method: "POST",
      headers,
      body: bodyFor(meter),
      connections,
      seconds,
      onAnswer: (status, body) => {
        if (status !== 201) return;
        const id = (JSON.parse(body) as { data?: { ID?: number } }).data?.ID;
        if (id !== undefined) acknowledged.push(id);
      },
    };
  };
  await load({ ...apiLoad(apis[0], "bench-warm-up", CONNECTIONS), seconds: 2 });
  const rounds: UsagePostRound[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const api = await load(apiLoad(apis[0], `bench-requests-${pair}`, CONNECTIONS));
    const base = await load({
      url: `${baseline}/usage`,
      method: "POST",
      body: bodyFor("bench-baseline"),
      connections: CONNECTIONS,
      seconds,
    });
    rounds.push({ api, baseline: base, ratio: api.rps / base.rps });
  }
  const two = await loadTogether(apis.map((a) => apiLoad(a, "bench-requests-two", CONNECTIONS / 2)));
  const stored = await stack.db.$queryRaw<{ id: number }[]>`
    SELECT id::float8 AS id FROM usage_entries WHERE operator_id = ${stack.operatorId} AND meter = ANY(${meters}::text[])`;
  const last = rounds[rounds.length - 1];
  return {
    rounds,
    two,
    usage_post_ratio: spread(rounds.map((r) => r.ratio)),
    two_process_ratio: last ? two.rps / last.baseline.rps : Number.NaN,
    // Requests still in flight when a load ends may be stored unanswered: one per connection of
    // each load (the warm-up, each round's, and the two processes' 25 + 25).
    identity: matchByIdentity(
      acknowledged,
      stored.map((r) => r.id),
      CONNECTIONS * (pairs + 2),
    ),
  };
}
