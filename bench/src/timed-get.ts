import { request } from "undici";

import { envChoice } from "./env-choice.ts";
import { percentile } from "./percentile.ts";

/** Untimed requests before the samples: connection, caches and JIT warm. */
const WARM_UPS = 3;

/** How the latency samples are taken (BENCH_SAMPLE_CLIENT). */
export const SAMPLE_CLIENT = envChoice("BENCH_SAMPLE_CLIENT", ["undici", "fetch"], "undici");

/**
 * The time of one GET to its answer's last byte, asking for gzip or deflate as Node's fetch did
 * over http (so the API compresses as before), the body let go unread. Samples taken with fetch
 * were slowed by this process: with each answer decompressed and passed through web streams
 * (600-800 KB for a year of series), it collected its old generation every 300 ms or so, and 5
 * to 10 of the 40 samples took twice the median, each during one of those collections, whose
 * marking threads took the two cores the API and PostgreSQL share. The clock now stops at the
 * last compressed byte, before any decompression a client would do on its own machine.
 * `BENCH_SAMPLE_CLIENT=fetch` measures the old way (fetch, the body decompressed and decoded).
 */
async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  if (SAMPLE_CLIENT === "fetch") {
    const response = await fetch(url, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
    return performance.now() - started;
  }
  const { statusCode, body } = await request(url, { headers: { ...headers, "accept-encoding": "gzip, deflate" } });
  if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}: ${await body.text()}`);
  await body.dump({ limit: Number.MAX_SAFE_INTEGER });
  return performance.now() - started;
}

/** p50 and p95 of `samples` GETs of `url`, one at a time as a dashboard asks, after the warm-ups. */
export async function getLatency(
  url: string,
  headers: Record<string, string>,
  samples: number,
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UPS + samples; i++) {
    const ms = await timedGet(url, headers);
    if (i >= WARM_UPS) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
