import { request } from "undici";

import { envChoice } from "./env-choice.ts";
import { percentile } from "./percentile.ts";

/** Untimed requests before the samples: connection, pools and JIT warm. */
export const WARM_UPS = 3;

/** How the latency samples are taken (BENCH_SAMPLE_CLIENT). */
export const SAMPLE_CLIENT = envChoice("BENCH_SAMPLE_CLIENT", ["undici", "fetch"], "undici");

/** One sequential sample's request: a GET, or a POST of `json`. */
export interface TimedRequest {
  url: string;
  headers: Record<string, string>;
  json?: unknown;
}

export interface Latency {
  p50: number;
  p95: number;
  samples: number;
}

/**
 * The time of one request to its answer's last byte, asking for gzip or deflate as Node's fetch
 * does over http (so the API compresses as it does for such clients), the body let go unread.
 * Samples taken with fetch are slowed by this process: with each answer decompressed and passed
 * through web streams (hundreds of KB for a year of series), it collects its old generation
 * often, and the samples taken during a collection, whose marking threads take the cores the
 * API and PostgreSQL share, come out far above the median. The clock
 * stops at the last compressed byte, before any decompression a client would do on its own
 * machine. `BENCH_SAMPLE_CLIENT=fetch` measures with fetch, the body decompressed and decoded.
 * Any answer but 200 fails the phase.
 */
async function timedRequest({ url, headers, json }: TimedRequest): Promise<number> {
  const method = json === undefined ? "GET" : "POST";
  const sent = {
    ...headers,
    "accept-encoding": "gzip, deflate",
    ...(json === undefined ? {} : { "content-type": "application/json" }),
  };
  const body = json === undefined ? undefined : JSON.stringify(json);
  const started = performance.now();
  if (SAMPLE_CLIENT === "fetch") {
    const response = await fetch(url, { method, headers: sent, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return performance.now() - started;
  }
  const answer = await request(url, { method, headers: sent, ...(body === undefined ? {} : { body }) });
  if (answer.statusCode !== 200)
    throw new Error(`${method} ${url} answered ${answer.statusCode}: ${await answer.body.text()}`);
  await answer.body.dump({ limit: Number.MAX_SAFE_INTEGER });
  return performance.now() - started;
}

/**
 * p50 and p95 of `samples` requests made one at a time, as a dashboard or a partner's integration
 * asks, after `WARM_UPS` untimed ones; `requestAt(i)` gives the i-th request, warm-ups first
 * (i < WARM_UPS), so that a caller can make every request one the API's read cache has not seen.
 */
export async function sequentialLatency(
  requestAt: (i: number) => TimedRequest | Promise<TimedRequest>,
  samples: number,
): Promise<Latency> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UPS + samples; i++) {
    const ms = await timedRequest(await requestAt(i));
    if (i >= WARM_UPS) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), samples };
}
