import autocannon from "autocannon";

import { percentile } from "./percentile.ts";

/** Latencies of the answers of one status class (`2xx`, `4xx`, …). */
export interface StatusLatency {
  count: number;
  p50: number;
  p99: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status class, to tell throughput from errors. */
  statuses: Record<string, number>;
  /** The same answers' latencies by status class: a sale's p99 is not a refusal's. */
  latencyByStatus?: Record<string, StatusLatency>;
  errors: number;
}

/** Per-connection state: what the request on that connection was, for reading its answer. */
export type Context = Record<string, unknown>;

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A fresh body per request (spreading bookings over timeslots, say); `context` is the connection's. */
  body?: (context: Context) => string;
  /** The same path list cycled over, one per request. */
  paths?: string[];
  /** Every answer's status and body, with the context its request was built with. */
  onAnswer?: (status: number, body: string, context: Context) => void;
}

/** Latencies (ms) by status class, from each answer's own time. */
export function latencyByStatus(answers: [status: number, ms: number][]): Record<string, StatusLatency> {
  const byClass = new Map<string, number[]>();
  for (const [status, ms] of answers) {
    const key = `${Math.floor(status / 100)}xx`;
    const list = byClass.get(key) ?? [];
    list.push(ms);
    byClass.set(key, list);
  }
  const out: Record<string, StatusLatency> = {};
  for (const [key, list] of [...byClass].sort(([a], [b]) => a.localeCompare(b))) {
    list.sort((a, b) => a - b);
    out[key] = { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
  }
  return out;
}

/** One autocannon run against one URL; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { url, connections, seconds, method = "GET", headers = {}, body, paths, onAnswer } = options;
  let next = 0;
  const answers: [number, number][] = [];
  const unread: string[] = [];
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
            setupRequest: (request, context: object) => {
              const path = paths ? paths[next++ % paths.length] : undefined;
              return { ...request, ...(path ? { path } : {}), ...(body ? { body: body(context as Context) } : {}) };
            },
            ...(onAnswer
              ? {
                  onResponse: (status: number, answer: string, context: object) => {
                    // autocannon drops a connection's answers silently when this throws.
                    try {
                      onAnswer(status, answer, context as Context);
                    } catch (error) {
                      unread.push(error instanceof Error ? error.message : String(error));
                    }
                  },
                }
              : {}),
          },
        ],
      },
      (error, done) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(done);
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      answers.push([status, ms]);
    });
  });
  if (unread.length) throw new Error(`${unread.length} answers from ${url} could not be read: ${unread[0]}`);
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
    latencyByStatus: latencyByStatus(answers),
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
