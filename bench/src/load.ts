import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status class, to tell throughput from errors. */
  statuses: Record<string, number>;
  errors: number;
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
}

/** One autocannon run against one URL; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { url, connections, seconds, method = "GET", headers = {}, body, paths } = options;
  let next = 0;
  const result = await autocannon({
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
  });
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
