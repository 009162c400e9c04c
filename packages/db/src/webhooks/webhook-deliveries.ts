import { Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";

/**
 * Pending deliveries whose time has come, oldest first, at most `perEndpoint` of each live
 * endpoint: a receiver with a long backlog never keeps the others' deliveries out of the batch.
 */
export function dueWebhookDeliveries(db: Db, now: Date, limit = 200, perEndpoint = 4) {
  return db.$queryRaw<{ id: number; endpointId: number; operatorId: number }[]>`
    SELECT d.id, d.endpoint_id AS "endpointId", e.operator_id AS "operatorId"
      FROM webhook_endpoints e
     CROSS JOIN LATERAL (
       SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
        WHERE endpoint_id = e.id AND status = 'PENDING' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, id LIMIT ${perEndpoint}) d
     WHERE e.deleted_at IS NULL AND e.disabled_at IS NULL
     ORDER BY d.next_attempt_at, d.id LIMIT ${limit}`;
}

/**
 * Claims a due delivery for one attempt: counts it and moves `next_attempt_at` a lease ahead,
 * in one conditional UPDATE, so no other worker sends it meanwhile and a worker that dies
 * leaves it due again when the lease ends. Returns what the attempt needs, or null when the
 * delivery is not due (delivered, failed, cancelled, claimed by someone else, or its endpoint
 * deleted or disabled).
 */
export async function claimWebhookDelivery(db: Db, deliveryId: number, now: Date, leaseSeconds: number) {
  const rows = await db.$queryRaw<{ attempts: number }[]>`
    UPDATE webhook_deliveries d SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + leaseSeconds * 1000)}
      FROM webhook_endpoints e
     WHERE d.id = ${deliveryId} AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
       AND d.status = 'PENDING' AND d.next_attempt_at <= ${now}
    RETURNING d.attempts`;
  if (!rows[0]) return null;
  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { event: true, endpoint: { select: { url: true, secret: true } } },
  });
  return { ...delivery, attempts: rows[0].attempts };
}

export interface WebhookAttemptRecord {
  deliveryId: number;
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** Delivered, given up, or to be tried again at this time. */
  outcome: { delivered: true } | { delivered: false; retryAt: Date | null };
}

/**
 * Writes an attempt into the log and its outcome onto the delivery, in one statement, and
 * keeps the endpoint's `failing_since`: set by the first failure after a delivered attempt,
 * cleared by a delivered one. The endpoint row is written only when that changes, so a
 * healthy endpoint's deliveries never contend for it.
 */
export async function recordWebhookAttempt(db: Db, attempt: WebhookAttemptRecord): Promise<void> {
  const error = attempt.error?.slice(0, 2000) ?? null;
  const { outcome } = attempt;
  const health = outcome.delivered
    ? Prisma.sql`failing_since = NULL WHERE e.failing_since IS NOT NULL`
    : Prisma.sql`failing_since = ${attempt.at} WHERE e.failing_since IS NULL`;
  await db.$executeRaw`
    WITH logged AS (
      INSERT INTO webhook_attempts (delivery_id, at, status_code, duration_ms, error)
      VALUES (${attempt.deliveryId}, ${attempt.at}, ${attempt.statusCode}, ${attempt.durationMs}, ${error})
    ), delivery AS (
      UPDATE webhook_deliveries SET
        status = ${outcome.delivered ? "DELIVERED" : outcome.retryAt ? "PENDING" : "FAILED"}::webhook_delivery_status,
        delivered_at = ${outcome.delivered ? attempt.at : null},
        next_attempt_at = ${!outcome.delivered && outcome.retryAt ? outcome.retryAt : attempt.at},
        last_error = ${error}
       WHERE id = ${attempt.deliveryId} AND status = 'PENDING'
      RETURNING endpoint_id
    )
    UPDATE webhook_endpoints e SET ${health} AND e.id = (SELECT endpoint_id FROM delivery)`;
}

/**
 * Sends one delivery again, now, whatever became of it: same event, same `ID`; its retries
 * start over from now, from the first delay (the attempts already made stay in the log). Only a delivery of `operatorId`'s live endpoints.
 */
export async function redeliverWebhook(db: Db, operatorId: number, deliveryId: number, now: Date): Promise<boolean> {
  const updated = await db.$executeRaw`
    UPDATE webhook_deliveries d SET status = 'PENDING', attempts = 0, retry_from = ${now}, next_attempt_at = ${now}
      FROM webhook_endpoints e
     WHERE d.id = ${deliveryId} AND e.id = d.endpoint_id AND e.operator_id = ${operatorId}
       AND e.deleted_at IS NULL AND e.disabled_at IS NULL`;
  return updated > 0;
}
