import { request } from "undici";

/**
 * The time of one GET to its answer's last byte, asked for compressed as a browser asks, the
 * body let go unread. Samples taken with fetch were slowed by this process: with each answer
 * decompressed and passed through web streams (600-800 KB for a year of series), it collected
 * its old generation every 300 ms or so, and 5 to 10 of the 40 samples took twice the median, each
 * during one of those collections, whose marking threads took the two cores the API and
 * PostgreSQL share.
 */
export async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const { statusCode, body } = await request(url, { headers: { ...headers, "accept-encoding": "gzip, deflate" } });
  if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}: ${await body.text()}`);
  await body.dump({ limit: Number.MAX_SAFE_INTEGER });
  return performance.now() - started;
}
