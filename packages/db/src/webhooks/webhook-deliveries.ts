import { Prisma, type WebhookEvent } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";

/** The change-log topic of new webhook deliveries (written in their event's transaction). */
export const WEBHOOKS_TOPIC = "webhooks";

/** What the availability trigger writes on the delivery a later change of its timeslot replaced. */
const SUPERSEDED = "superseded by a later change of the timeslot";

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
  /** Its endpoint has failed every attempt since its last delivered one (`failing_since`). */
  failing: boolean;
}

/** What is due now, and when the next pending delivery falls due after that, if one does. */
export interface DueWebhookDeliveries {
  due: DueWebhookDelivery[];
  nextAt: Date | null;
}

/**
 * Pending deliveries whose time has come and whose subject has nothing earlier pending, oldest
 * first: at most `perEndpoint` of each live endpoint (one of a failing endpoint) and
 * `perOperator` of each operator, taken from its endpoints in turn (the oldest of each, then the
 * second oldest of each ...), so neither a receiver nor an operator with a long backlog keeps the
 * others out of the batch, and an operator's dead endpoints do not keep out its healthy ones.
 * With them, in the same statement, the time the next pending one falls due: a worker wakes then.
 */
export async function dueWebhookDeliveries(
  db: Db,
  now: Date,
  {
    limit = 200,
    perEndpoint = 4,
    perOperator = 100,
  }: { limit?: number; perEndpoint?: number; perOperator?: number } = {},
): Promise<DueWebhookDeliveries> {
  const rows = await db.$queryRaw<{ due: DueWebhookDelivery[]; nextAt: Date | null }[]>`
    WITH chosen AS (
      SELECT id, "endpointId", "operatorId", failing, next_attempt_at FROM (
        SELECT d.id, d.endpoint_id AS "endpointId", e.operator_id AS "operatorId",
               e.failing_since IS NOT NULL AS failing, d.next_attempt_at,
               row_number() OVER (PARTITION BY e.operator_id ORDER BY d.turn, d.next_attempt_at, d.id) AS rank
          FROM webhook_endpoints e
         CROSS JOIN LATERAL (
           SELECT d.id, d.endpoint_id, d.next_attempt_at,
                  row_number() OVER (ORDER BY d.next_attempt_at, d.id) AS turn
             FROM (SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_deliveries d
                    WHERE d.endpoint_id = e.id AND d.status = 'PENDING' AND d.next_attempt_at <= ${now}
                      AND ${NEXT_OF_ITS_SUBJECT}
                    ORDER BY d.next_attempt_at, d.id
                    LIMIT CASE WHEN e.failing_since IS NULL THEN ${perEndpoint}::int ELSE 1 END) d) d
         WHERE e.deleted_at IS NULL AND e.disabled_at IS NULL) ranked
       WHERE rank <= ${perOperator}
       ORDER BY next_attempt_at, id LIMIT ${limit})
    SELECT coalesce((SELECT json_agg(json_build_object('id', id, 'endpointId', "endpointId",
                                                       'operatorId', "operatorId", 'failing', failing)
                                     ORDER BY next_attempt_at, id) FROM chosen), '[]') AS due,
           (SELECT min(next_attempt_at) FROM webhook_deliveries
             WHERE status = 'PENDING' AND next_attempt_at > ${now}) AS "nextAt"`;
  return { due: rows[0]?.due ?? [], nextAt: rows[0]?.nextAt ?? null };
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
             claimed_at = ${now},
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
 * Writes attempts into the log and their outcomes onto their deliveries, in one statement, and
 * keeps each endpoint's `failing_since`: set by the first failure after a delivered attempt,
 * cleared by a delivered one. The endpoint row is written only when that changes, so a
 * healthy endpoint's deliveries never contend for it. An attempt at a delivery no longer
 * pending (cancelled meanwhile) is logged and changes nothing else.
 */
export async function recordWebhookAttempts(db: Db, attempts: WebhookAttemptRecord[]): Promise<void> {
  if (attempts.length === 0) return;
  const column = <T>(pick: (a: WebhookAttemptRecord) => T) => attempts.map(pick);
  const errors = column((a) => a.error?.slice(0, 2000) ?? null);
  const statuses = column(({ outcome }) => (outcome.delivered ? "DELIVERED" : outcome.retryAt ? "PENDING" : "FAILED"));
  const next = column(({ at, outcome }) => (!outcome.delivered && outcome.retryAt ? outcome.retryAt : at));
  await db.$executeRaw`
    WITH attempt AS (
      SELECT * FROM unnest(${column((a) => a.deliveryId)}::int[], ${column((a) => a.at)}::timestamptz[],
                           ${column((a) => a.statusCode)}::int[], ${column((a) => a.durationMs)}::int[],
                           ${errors}::text[], ${statuses}::webhook_delivery_status[], ${next}::timestamptz[])
               AS a(delivery_id, at, status_code, duration_ms, error, status, next_attempt_at)
    ), logged AS (
      INSERT INTO webhook_attempts (delivery_id, at, status_code, duration_ms, error)
      SELECT a.delivery_id, a.at, a.status_code, a.duration_ms, a.error FROM attempt a
       WHERE EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = a.delivery_id)
    ), delivery AS (
      UPDATE webhook_deliveries d SET
        status = a.status,
        delivered_at = CASE WHEN a.status = 'DELIVERED' THEN a.at END,
        next_attempt_at = a.next_attempt_at,
        last_error = a.error,
        claimed_at = NULL
        FROM attempt a
       WHERE d.id = a.delivery_id AND d.status = 'PENDING'
      RETURNING d.endpoint_id, a.at, a.status = 'DELIVERED' AS delivered
    ), delivered AS (
      SELECT endpoint_id, max(at) FILTER (WHERE delivered) AS at FROM delivery GROUP BY endpoint_id
    ), health AS (
      -- Per endpoint, of this batch: its last delivered attempt, and its first failure after that.
      SELECT s.endpoint_id, s.at AS delivered_at,
             (SELECT min(f.at) FROM delivery f
               WHERE f.endpoint_id = s.endpoint_id AND NOT f.delivered AND f.at > coalesce(s.at, '-infinity')) AS failed_at
        FROM delivered s
    )
    UPDATE webhook_endpoints e
       SET failing_since = CASE WHEN h.failed_at IS NULL THEN NULL
                                WHEN h.delivered_at IS NULL THEN coalesce(e.failing_since, h.failed_at)
                                ELSE h.failed_at END
      FROM health h
     WHERE e.id = h.endpoint_id
       AND e.failing_since IS DISTINCT FROM (CASE WHEN h.failed_at IS NULL THEN NULL
                                                  WHEN h.delivered_at IS NULL THEN coalesce(e.failing_since, h.failed_at)
                                                  ELSE h.failed_at END)`;
}

/**
 * Sends one delivery again, now, whatever became of it: same event, same `ID`; its retries
 * start over from now, from the first delay (the attempts already made stay in the log). Only a
 * delivery of `operatorId`'s live endpoints, not one whose attempt is in flight (claimed, its
 * lease running): that would send a second copy beside it; and not one superseded by a later
 * change of its timeslot (SUPERSEDED): that would send older availability after newer. The endpoint is
 * locked (shared) before the delivery, in the order deleting it takes them, so a delete
 * committing meanwhile is seen and its cancelling of pending deliveries is not undone. A
 * WEBHOOKS_TOPIC row in the change log, in the same statement, starts it as a new delivery is
 * started: the worker hears of it once it commits, not at its next sweep.
 */
export async function redeliverWebhook(
  db: Db,
  operatorId: number,
  deliveryId: number,
  now: Date,
): Promise<"redelivered" | "in-flight" | "superseded" | "not-found"> {
  // Rows are locked before they are judged: a claim or a delete committing meanwhile is seen.
  const [row] = await db.$queryRaw<{ inFlight: boolean; superseded: boolean; redelivered: boolean }[]>`
    WITH endpoint AS MATERIALIZED (
      SELECT e.id FROM webhook_endpoints e
       WHERE e.id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = ${deliveryId})
         AND e.operator_id = ${operatorId} AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         FOR SHARE OF e
    ), target AS (
      SELECT d.id, (d.status = 'PENDING' AND d.claimed_at IS NOT NULL AND d.next_attempt_at > ${now}) AS in_flight,
             (d.status = 'CANCELLED' AND d.last_error = ${SUPERSEDED}) AS superseded
        FROM webhook_deliveries d JOIN endpoint e ON e.id = d.endpoint_id
       WHERE d.id = ${deliveryId}
         FOR UPDATE OF d
    ), again AS (
      UPDATE webhook_deliveries d
         SET status = 'PENDING', attempts = 0, retry_from = ${now}, next_attempt_at = ${now}, claimed_at = NULL
        FROM target t
       WHERE d.id = t.id AND NOT t.in_flight AND NOT t.superseded
      RETURNING d.id
    ), logged AS (
      INSERT INTO change_log (topic) SELECT ${WEBHOOKS_TOPIC} FROM again
    )
    SELECT in_flight AS "inFlight", superseded, EXISTS (SELECT 1 FROM again) AS redelivered FROM target`;
  if (!row) return "not-found";
  if (row.redelivered) return "redelivered";
  return row.superseded ? "superseded" : "in-flight";
}
