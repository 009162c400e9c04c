import autocannon from "autocannon";

import { percentile } from "./percentile.ts";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status class, to tell throughput from errors. */
  statuses: Record<string, number>;
  errors: number;
  /** With `afterFirst`: the p99 of every answer but each connection's first. */
  p99AfterFirst?: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A fresh body per request (spreading bookings over timeslots, say). */
  body?: () => string;
  /** The same path list cycled over, one per request. */
  paths?: string[];
  /**
   * Also time the answers after each connection's first (`p99AfterFirst`). autocannon opens its
   * connections with the clock running, so each first answer includes a TCP handshake, which on
   * two saturated cores the kernel completes up to 0.5 s late (bench/analysis.md, eleventh
   * session); the plain `pg` baseline connects its clients before its clock starts.
   */
  afterFirst?: boolean;
}

/** One autocannon run against one URL; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { url, connections, seconds, method = "GET", headers = {}, body, paths, afterFirst } = options;
  let next = 0;
  const answered = new Set<unknown>();
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        method,
        headers: body ? { "content-type": "application/json", ...headers } : headers,
        requests: [
          {
            setupRequest: (request) => {
              const path = paths ? paths[next++ % paths.length] : undefined;
              return { ...request, ...(path ? { path } : {}), ...(body ? { body: body() } : {}) };
            },
          },
        ],
      },
      (error: Error | null, done) => {
        if (error) reject(error);
        else resolve(done);
      },
    );
    if (!afterFirst) return;
    instance.on("response", (client, _status, _bytes, ms) => {
      if (answered.has(client)) latencies.push(ms);
      else answered.add(client);
    });
  });
  latencies.sort((a, b) => a - b);
  const statuses: Record<string, number> = {
    "1xx": result["1xx"],
    "2xx": result["2xx"],
    "3xx": result["3xx"],
    "4xx": result["4xx"],
    "5xx": result["5xx"],
  };
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    ...(afterFirst ? { p99AfterFirst: percentile(latencies, 99) } : {}),
  };
}

/** Several loads at once (one per API process), summed. */
export async function loadTogether(runs: LoadOptions[]): Promise<LoadResult> {
  const results = await Promise.all(runs.map(load));
  const sum = (pick: (r: LoadResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const statuses: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    requests: sum((r) => r.requests),
    rps: sum((r) => r.rps),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    statuses,
    errors: sum((r) => r.errors),
  };
}
