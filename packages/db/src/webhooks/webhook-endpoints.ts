import {
  isWebhookEventType,
  MAX_WEBHOOK_ENDPOINTS,
  newWebhookSecret,
  NotFoundError,
  ValidationError,
  WEBHOOK_EVENT_TYPES,
  webhookUrlProblem,
} from "@slotwise/core";

import type { Database } from "../client.ts";
import type { Db, Tx } from "../tx.ts";

export interface NewWebhookEndpoint {
  operatorId: number;
  partnerSlug: string;
  url: string;
  /** Every event type when empty or left out. */
  events?: readonly string[] | undefined;
  /** Development and tests only: a receiver on this machine (see webhookUrlProblem). */
  allowLoopback: boolean;
  now: Date;
}

/**
 * Registers a partner's endpoint; its signing secret is returned here and kept to sign. An
 * operator has at most MAX_WEBHOOK_ENDPOINTS live ones: counted under its row's lock, so two
 * registrations at once cannot both take the last place.
 */
export async function createWebhookEndpoint(db: Database, request: NewWebhookEndpoint) {
  const urlProblem = webhookUrlProblem(request.url, { allowLoopback: request.allowLoopback });
  if (urlProblem) throw new ValidationError([{ field: "url", message: urlProblem }]);
  const events = [...new Set(request.events?.length ? request.events : WEBHOOK_EVENT_TYPES)];
  const unknown = events.filter((e) => !isWebhookEventType(e));
  if (unknown.length)
    throw new ValidationError([
      { field: "events", message: `unknown event ${unknown.join(", ")}; one of ${WEBHOOK_EVENT_TYPES.join(", ")}` },
    ]);
  return db.$transaction(async (tx) => {
    const partner = await tx.partner.findUnique({
      where: { operatorId_slug: { operatorId: request.operatorId, slug: request.partnerSlug } },
    });
    if (!partner) throw new NotFoundError(`No partner ${request.partnerSlug}`);
    await tx.$queryRaw`SELECT id FROM operators WHERE id = ${request.operatorId} FOR UPDATE`;
    const live = await tx.webhookEndpoint.count({ where: { operatorId: request.operatorId, deletedAt: null } });
    if (live >= MAX_WEBHOOK_ENDPOINTS)
      throw new ValidationError([
        {
          field: "url",
          message: `An operator has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`,
        },
      ]);
    const secret = newWebhookSecret();
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        operatorId: request.operatorId,
        partnerId: partner.id,
        // As it will be called: the parser's form, so what is listed is what is sent to.
        url: new URL(request.url).href,
        events,
        secret,
        createdAt: request.now,
      },
      include: { partner: true },
    });
    return { secret, endpoint };
  });
}

/** The operator's live endpoints, newest first, secrets left out. */
export function listWebhookEndpoints(db: Db, operatorId: number) {
  return db.webhookEndpoint.findMany({
    where: { operatorId, deletedAt: null },
    omit: { secret: true },
    include: { partner: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/**
 * Deletes an endpoint (of `operatorId` only, when given) and cancels its pending deliveries,
 * in one transaction: no new event is recorded for it and nothing more is sent to it (an
 * attempt already in flight is logged, but leaves its delivery cancelled); the log stays.
 */
export async function deleteWebhookEndpoint(db: Database, id: number, now: Date, operatorId?: number) {
  return db.$transaction(async (tx) => {
    const deleted = await tx.webhookEndpoint.updateMany({
      where: { id, deletedAt: null, ...(operatorId === undefined ? {} : { operatorId }) },
      data: { deletedAt: now },
    });
    if (deleted.count === 0) throw new NotFoundError(`No webhook endpoint ${id}`);
    const cancelled = await cancelPendingDeliveries(tx, [id]);
    return { id, cancelledDeliveries: cancelled };
  });
}

/** Cancels the pending deliveries of these endpoints; returns how many. */
export function cancelPendingDeliveries(tx: Tx, endpointIds: number[]): Promise<number> {
  return tx.$executeRaw`
    UPDATE webhook_deliveries SET status = 'CANCELLED'
     WHERE endpoint_id = ANY(${endpointIds}::int[]) AND status = 'PENDING'`;
}
