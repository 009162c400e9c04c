import { ALPHANUMERIC, randomString } from "../ids/random-string.ts";

/** What a partner endpoint may ask to hear of (contract section 11). */
/**
 * Live endpoints an operator may have at once: each one that fails costs the worker a slot, so
 * their number is bounded as much as their slots are.
 */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WEBHOOK_EVENT_TYPES = [
  "booking.confirmed",
  "booking.changed",
  "booking.cancelled",
  "booking.expired",
  "booking.checked_in",
  "availability.changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** `whsec_` and 40 base-62 characters (238 bits): a signing secret, shown once. */
export function newWebhookSecret(): string {
  return `whsec_${randomString(ALPHANUMERIC, 40)}`;
}
