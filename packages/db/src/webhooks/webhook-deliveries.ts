import { Prisma, type WebhookEvent } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";

/** The change-log topic of new webhook deliveries (written in their event's transaction). */
export const WEBHOOKS_TOPIC = "webhooks";

/**
 * The delivery this one waits for (the one before it of its subject to its endpoint, written
 * with it) is no longer pending, in flight or waiting for a retry: a primary-key lookup.
 */
const NEXT_OF_ITS_SUBJECT = Prisma.sql`(d.after_id IS NULL OR NOT EXISTS (
  SELECT 1 FROM webhook_deliveries p WHERE p.id = d.after_id AND p.status = 'PENDING'))`;

export interface DueWebhookDelivery {
  id: number;
  endpointId: number;
  operatorId: number;
}

/**
 * Pending deliveries whose time has come and whose subject has nothing earlier pending, oldest
 * first: at most `perEndpoint` of each live endpoint and `perOperator` of each operator, so
 * neither a receiver nor an operator with a long backlog keeps the others out of the batch.
 */
export function dueWebhookDeliveries(
  db: Db,
  now: Date,
  {
    limit = 200,
    perEndpoint = 4,
    perOperator = 100,
  }: { limit?: number; perEndpoint?: number; perOperator?: number } = {},
) {
  return db.$queryRaw<DueWebhookDelivery[]>`
    SELECT id, "endpointId", "operatorId" FROM (
      SELECT d.id, d.endpoint_id AS "endpointId", e.operator_id AS "operatorId", d.next_attempt_at,
             row_number() OVER (PARTITION BY e.operator_id ORDER BY d.next_attempt_at, d.id) AS rank
        FROM webhook_endpoints e
       CROSS JOIN LATERAL (
         SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
          WHERE d.endpoint_id = e.id AND d.status = 'PENDING' AND d.next_attempt_at <= ${now}
            AND ${NEXT_OF_ITS_SUBJECT}
          ORDER BY d.next_attempt_at, d.id LIMIT ${perEndpoint}) d
       WHERE e.deleted_at IS NULL AND e.disabled_at IS NULL) due
     WHERE rank <= ${perOperator}
     ORDER BY next_attempt_at, id LIMIT ${limit}`;
}

/** When the next pending delivery falls due after `now`, if one does. */
export async function nextWebhookDueAt(db: Db, now: Date): Promise<Date | null> {
  const rows = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at > ${now}`;
  return rows[0]?.at ?? null;
}

export interface ClaimedWebhookDelivery {
  id: number;
  attempts: number;
  retryFrom: Date;
  endpoint: { url: string; secret: string };
  event: Pick<WebhookEvent, "publicId" | "type" | "createdAt" | "data">;
}

/**
 * Claims due deliveries for one attempt each: counts it and moves `next_attempt_at` a lease
 * ahead, in one conditional UPDATE, so no other worker sends it meanwhile and a worker that dies
 * leaves it due again when the lease ends. A first attempt is where retries are counted from.
 * Returns what the attempts need, for the deliveries still due (not delivered, failed,
 * cancelled, claimed by someone else, behind an earlier one of their subject, or of an endpoint
 * deleted or disabled).
 */
export async function claimWebhookDeliveries(
  db: Db,
  deliveryIds: number[],
  now: Date,
  leaseSeconds: number,
): Promise<ClaimedWebhookDelivery[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await db.$queryRaw<
    {
      id: number;
      attempts: number;
      retryFrom: Date;
      url: string;
      secret: string;
      publicId: string;
      type: string;
      createdAt: Date;
      data: Prisma.JsonValue;
    }[]
  >`
    WITH claimed AS (
      UPDATE webhook_deliveries d
         SET attempts = d.attempts + 1,
             next_attempt_at = ${new Date(now.getTime() + leaseSeconds * 1000)},
             retry_from = CASE WHEN d.attempts = 0 THEN ${now} ELSE d.retry_from END
        FROM webhook_endpoints e
       WHERE d.id = ANY(${deliveryIds}::int[]) AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         AND d.status = 'PENDING' AND d.next_attempt_at <= ${now} AND ${NEXT_OF_ITS_SUBJECT}
      RETURNING d.id, d.attempts, d.retry_from, d.event_id, e.url, e.secret
    )
    SELECT c.id, c.attempts, c.retry_from AS "retryFrom", c.url, c.secret,
           ev.public_id AS "publicId", ev.type, ev.created_at AS "createdAt", ev.data
      FROM claimed c JOIN webhook_events ev ON ev.id = c.event_id`;
  return rows.map((r) => ({
    id: r.id,
    attempts: r.attempts,
    retryFrom: r.retryFrom,
    endpoint: { url: r.url, secret: r.secret },
    event: { publicId: r.publicId, type: r.type, createdAt: r.createdAt, data: r.data },
  }));
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
 * start over from now, from the first delay (the attempts already made stay in the log). Only a
 * delivery of `operatorId`'s live endpoints. A WEBHOOKS_TOPIC row in the change log, in the same
 * statement, starts it as a new delivery is started: the worker hears of it once it commits,
 * not at its next sweep.
 */
export async function redeliverWebhook(db: Db, operatorId: number, deliveryId: number, now: Date): Promise<boolean> {
  const logged = await db.$executeRaw`
    WITH again AS (
      UPDATE webhook_deliveries d SET status = 'PENDING', attempts = 0, retry_from = ${now}, next_attempt_at = ${now}
        FROM webhook_endpoints e
       WHERE d.id = ${deliveryId} AND e.id = d.endpoint_id AND e.operator_id = ${operatorId}
         AND e.deleted_at IS NULL AND e.disabled_at IS NULL
      RETURNING d.id
    )
    INSERT INTO change_log (topic) SELECT ${WEBHOOKS_TOPIC} FROM again`;
  return logged > 0;
}
