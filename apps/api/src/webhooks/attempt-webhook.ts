import type { ClaimedWebhookDelivery, WebhookAttemptRecord } from "@slotwise/db";

import { postWebhook, type PostOptions } from "./post-webhook.ts";
import { nextAttemptAt, type RetryPolicy } from "./retry-policy.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.ts";
import { webhookBody } from "./webhook-body.ts";

export interface DeliveryOptions extends PostOptions {
  now: () => Date;
  retry: RetryPolicy;
}

/** A receiver's answer as the log can keep it: PostgreSQL text holds no NUL, and 500 characters tell enough. */
function storableError(text: string): string {
  return text.replaceAll("\u0000", "").slice(0, 500);
}

export type DeliveryOutcome = "delivered" | "retrying" | "failed";

/** What became of an attempt, as its record says. */
export function deliveryOutcome(record: WebhookAttemptRecord): DeliveryOutcome {
  const { outcome } = record;
  return outcome.delivered ? "delivered" : outcome.retryAt ? "retrying" : "failed";
}

/**
 * One attempt at one delivery, claimed under a lease (claimWebhookDeliveries): signed afresh
 * (the signature's time is the attempt's), sent with the same event ID and body as every other
 * attempt. Returns the attempt for the log (recordWebhookAttempts), which the caller writes
 * together with other attempts that ended meanwhile.
 */
export async function attemptWebhook(
  claimed: ClaimedWebhookDelivery,
  options: DeliveryOptions,
): Promise<WebhookAttemptRecord> {
  const at = options.now();
  let sent: Awaited<ReturnType<typeof postWebhook>>;
  try {
    const body = webhookBody(claimed.event);
    sent = await postWebhook(
      claimed.endpoint.url,
      {
        "Content-Type": "application/json",
        "User-Agent": "Slotwise-Webhooks/1",
        "Slotwise-Event-Id": claimed.event.publicId,
        [SIGNATURE_HEADER]: signatureHeader(claimed.endpoint.secret, body, at),
      },
      body,
      options,
    );
  } catch (error) {
    // Anything that fails after the claim is an attempt like any other: logged, and retried on
    // the schedule, never claimed again and again without a trace.
    sent = { statusCode: null, durationMs: 0, error: `not sent: ${(error as Error).message}` };
  }
  const delivered = sent.error === null;
  const retryAt = delivered ? null : nextAttemptAt(options.retry, claimed.attempts, claimed.retryFrom, options.now());
  return {
    deliveryId: claimed.id,
    at,
    statusCode: sent.statusCode,
    durationMs: sent.durationMs,
    error: sent.error === null ? null : storableError(sent.error),
    outcome: delivered ? { delivered: true } : { delivered: false, retryAt },
  };
}
