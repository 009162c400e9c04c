import type { Database } from "../client.ts";
import { queueEmail } from "../email/queue-email.ts";
import { webhookDisabledEmail } from "../email/templates.ts";
import { cancelPendingDeliveries } from "./webhook-endpoints.ts";

/** How long an endpoint may fail every attempt before it is disabled (contract section 21). */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;

/**
 * Disables every live endpoint that has failed every attempt since `failingFor` ago, cancels
 * its pending deliveries and queues an e-mail to the operator's owner (its first console
 * user), in one transaction. The UPDATE decides who disables: of several workers at once, the
 * others find the row already disabled and queue nothing. Returns the endpoints disabled.
 */
export function disableFailingWebhookEndpoints(db: Database, now: Date, failingForMs = WEBHOOK_DISABLE_AFTER_MS) {
  return db.$transaction(async (tx) => {
    const disabled = await tx.$queryRaw<
      { id: number; operatorId: number; url: string; partnerId: number; failingSince: Date }[]
    >`
      UPDATE webhook_endpoints SET disabled_at = ${now}
       WHERE failing_since <= ${new Date(now.getTime() - failingForMs)}
         AND disabled_at IS NULL AND deleted_at IS NULL
      RETURNING id, operator_id AS "operatorId", url, partner_id AS "partnerId", failing_since AS "failingSince"`;
    if (disabled.length === 0) return [];
    await cancelPendingDeliveries(
      tx,
      disabled.map((e) => e.id),
    );
    for (const endpoint of disabled) {
      const [owner, partner, last] = await Promise.all([
        tx.consoleUser.findFirst({
          where: { operatorId: endpoint.operatorId },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: { email: true, name: true },
        }),
        tx.partner.findUniqueOrThrow({ where: { id: endpoint.partnerId }, select: { name: true } }),
        tx.webhookAttempt.findFirst({
          where: { delivery: { endpointId: endpoint.id } },
          orderBy: [{ at: "desc" }, { id: "desc" }],
          select: { error: true },
        }),
      ]);
      if (!owner) continue;
      await queueEmail(tx, {
        operatorId: endpoint.operatorId,
        kind: "WEBHOOK_DISABLED",
        dedupeKey: `webhook-disabled:${endpoint.id}`,
        to: owner.email,
        ...webhookDisabledEmail(owner.name, {
          url: endpoint.url,
          partner: partner.name,
          failingSince: endpoint.failingSince,
          lastError: last?.error ?? null,
        }),
        sendAfter: now,
        createdAt: now,
      });
    }
    return disabled.map((e) => e.id);
  });
}
