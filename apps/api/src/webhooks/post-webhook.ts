import { fetch, type Dispatcher, type Response } from "undici";

import { webhookUrlProblem } from "@slotwise/core";

/** Most of a receiver's answer that is ever read: no receiver can fill our memory. */
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

export interface PostOptions {
  timeoutMs: number;
  /** The connections, which refuse host names that resolve to our network (`publicAddressAgent`). */
  dispatcher: Dispatcher;
  /** Whether this machine may be reached (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
}

/**
 * One POST to a receiver, whole within `timeoutMs` (answer included). The URL is checked again
 * as it is sent, under this process's rules: a connection to a literal address never asks DNS,
 * so an endpoint saved where loopback was allowed, or under older rules, is refused here.
 * Redirects are not followed: a 3xx is a failed attempt, so a receiver cannot bounce the
 * worker to another host.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const { timeoutMs, dispatcher, allowLoopback } = options;
  const refused = webhookUrlProblem(url, { allowLoopback });
  if (refused) return { statusCode: null, durationMs: 0, error: `not sent: ${refused}` };
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
