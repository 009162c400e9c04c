import type { Db } from "../tx.ts";

export interface OperationalFigures {
  emailsQueued: number;
  emailsFailed: number;
  /** Age of the oldest usage entry above the compactor's watermark; 0 when none waits. */
  compactorLagSeconds: number;
  /** Webhook deliveries kept (30 days) by outcome: pending, delivered, failed, cancelled. */
  webhookDeliveries: Record<WebhookOutcome, number>;
}

export const WEBHOOK_OUTCOMES = ["pending", "delivered", "failed", "cancelled"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * What an operator watches of the background work, in one statement (each part reads an
 * index; the deliveries' count scans the endpoint-status index).
 */
export async function operationalFigures(db: Db): Promise<OperationalFigures> {
  const [row] = await db.$queryRaw<
    { queued: number; failed: number; lag: number; deliveries: Partial<Record<string, number>> | null }[]
  >`
    SELECT (SELECT count(*) FROM outbox_emails WHERE status = 'QUEUED')::int AS queued,
           (SELECT count(*) FROM outbox_emails WHERE status = 'FAILED')::int AS failed,
           COALESCE((SELECT extract(epoch FROM now() - min(created_at)) FROM usage_entries
                      WHERE created_xid >= (SELECT watermark FROM usage_compaction WHERE id = 1)), 0)::float8 AS lag,
           (SELECT jsonb_object_agg(lower(status::text), n)
              FROM (SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status) s) AS deliveries`;
  const deliveries = row?.deliveries ?? {};
  return {
    emailsQueued: row?.queued ?? 0,
    emailsFailed: row?.failed ?? 0,
    compactorLagSeconds: row?.lag ?? 0,
    webhookDeliveries: Object.fromEntries(WEBHOOK_OUTCOMES.map((o) => [o, deliveries[o] ?? 0])) as Record<
      WebhookOutcome,
      number
    >,
  };
}
