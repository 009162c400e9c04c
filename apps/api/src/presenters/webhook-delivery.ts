import type { listWebhookDeliveries } from "@slotwise/db";

type DeliveryRow = Awaited<ReturnType<typeof listWebhookDeliveries>>[number];

const STATUS = { PENDING: "pending", DELIVERED: "delivered", FAILED: "failed", CANCELLED: "cancelled" } as const;

/** A delivery with its last attempt: what the receiver answered, and how fast. */
export function presentWebhookDelivery(d: DeliveryRow) {
  const last = d.log[0];
  return {
    id: d.id,
    eventId: d.event.publicId,
    type: d.event.type,
    createdAt: d.event.createdAt.toISOString(),
    endpoint: { id: d.endpoint.id, url: d.endpoint.url, partner: d.endpoint.partner.slug },
    status: STATUS[d.status],
    attempts: d.attempts,
    nextAttemptAt: d.status === "PENDING" ? d.nextAttemptAt.toISOString() : null,
    lastAttempt: last
      ? { at: last.at.toISOString(), statusCode: last.statusCode, durationMs: last.durationMs, error: last.error }
      : null,
  };
}
