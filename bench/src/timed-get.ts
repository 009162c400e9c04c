import { request } from "undici";

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
export async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  if (process.env.BENCH_SAMPLE_CLIENT === "fetch") {
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
