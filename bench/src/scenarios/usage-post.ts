import type { ApiProcess } from "@slotwise/testing/processes";

import { load, loadTogether, type LoadResult } from "../load.ts";
import type { BenchStack } from "../stack.ts";

export interface UsagePostResult {
  one: LoadResult;
  two: LoadResult;
  baseline: LoadResult;
  usage_post_ratio: number;
  two_process_ratio: number;
}

const body = () =>
  JSON.stringify({ Meter: "bench-requests", Usage: 1.25, OccurredAt: Math.floor(Date.now() / 1000) - 60 });

/** POST usage: one API process, two API processes (load split evenly), and the baseline insert. */
export async function usagePost(
  stack: BenchStack,
  apis: [ApiProcess, ApiProcess],
  baseline: string,
  seconds: number,
): Promise<UsagePostResult> {
  const headers = { authorization: `Bearer ${stack.keys.usageWrite}` };
  const path = "/api/v2/usage/meters";
  await load({ url: `${apis[0].base}${path}`, method: "POST", headers, body, connections: 50, seconds: 2 });
  const baselineResult = await load({ url: `${baseline}/usage`, method: "POST", body, connections: 50, seconds });
  const one = await load({ url: `${apis[0].base}${path}`, method: "POST", headers, body, connections: 50, seconds });
  const two = await loadTogether(
    apis.map((a) => ({ url: `${a.base}${path}`, method: "POST" as const, headers, body, connections: 25, seconds })),
  );
  return {
    one,
    two,
    baseline: baselineResult,
    usage_post_ratio: one.rps / baselineResult.rps,
    two_process_ratio: two.rps / baselineResult.rps,
  };
}
