import { request } from "undici";

/** One request's answer: its status, its JSON body (null when it has none) and its time to the last byte. */
export interface CallAnswer {
  status: number;
  body: unknown;
  ms: number;
}

export interface CallOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

/** One request as a partner's or operator's client sends it, timed from sending to the answer's last byte. */
export async function call(url: string, options: CallOptions = {}): Promise<CallAnswer> {
  const { method = options.json === undefined ? "GET" : "POST", headers = {}, json } = options;
  const started = performance.now();
  const answer = await request(url, {
    method,
    headers: json === undefined ? headers : { "content-type": "application/json", ...headers },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await answer.body.text();
  const ms = performance.now() - started;
  return { status: answer.statusCode, body: text ? (JSON.parse(text) as unknown) : null, ms };
}

/** The same call, failing unless it answers `expected`: setup steps whose failure makes a phase meaningless. */
export async function expectCall(url: string, expected: number, options: CallOptions = {}): Promise<CallAnswer> {
  const answer = await call(url, options);
  if (answer.status !== expected)
    throw new Error(
      `${options.method ?? (options.json === undefined ? "GET" : "POST")} ${url} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`,
    );
  return answer;
}

/** Runs `work` on every item with `workers` running at once, as that many clients would; results in item order. */
export async function concurrently<T, R>(items: T[], workers: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}
