import { fetch, type Dispatcher, type Response } from "undici";

/** Most of a receiver's answer that is ever read: a hostile receiver cannot fill our memory. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** Reads at most MAX_ANSWER_BYTES of the answer (for the log), then lets the rest go. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8");
}

/**
 * One POST to a receiver through `dispatcher` (`publicAddressAgent`), whole within `timeoutMs`
 * (answer included). Redirects are not followed: a 3xx is a failed attempt, so a receiver
 * cannot bounce the worker to another host.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; dispatcher: Dispatcher },
): Promise<PostOutcome> {
  const { timeoutMs, dispatcher } = options;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher,
    });
    const answer = await readCapped(response);
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      durationMs: elapsed(),
      error: ok ? null : `HTTP ${response.status}${answer ? `: ${answer.slice(0, 500)}` : ""}`,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: timedOut ? `no answer within ${timeoutMs / 1000} s` : `${(error as Error).message}${cause}`,
    };
  }
}
