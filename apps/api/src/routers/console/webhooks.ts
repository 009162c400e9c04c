import { z } from "zod";

import { ConflictError, idField, NotFoundError, textField, WEBHOOK_EVENT_TYPES } from "@slotwise/core";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
} from "@slotwise/db";

import { consoleProcedure } from "../../trpc/procedures.ts";

const STATUS = { PENDING: "pending", DELIVERED: "delivered", FAILED: "failed", CANCELLED: "cancelled" } as const;

type EndpointRow = Awaited<ReturnType<typeof listWebhookEndpoints>>[number];

function presentEndpoint(e: Omit<EndpointRow, "secret">) {
  return {
    id: e.id,
    partner: { slug: e.partner.slug, name: e.partner.name },
    url: e.url,
    events: e.events,
    createdAt: e.createdAt.toISOString(),
    /** Set when it failed every attempt for 3 days: nothing is sent to it any more. */
    disabledAt: e.disabledAt?.toISOString() ?? null,
    failingSince: e.failingSince?.toISOString() ?? null,
  };
}

export const listWebhooks = consoleProcedure.query(async ({ ctx }) =>
  (await listWebhookEndpoints(ctx.db, ctx.principal.operatorId)).map(presentEndpoint),
);

/** The signing secret is in this response only: the console never shows it again. */
export const createWebhook = consoleProcedure
  .input(
    z.object({
      partner: textField("partner", 1, 64),
      url: textField("url", 1, 2048),
      events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: "Choose at least one event" }),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { secret, endpoint } = await createWebhookEndpoint(ctx.db, {
      allowLoopback: ctx.settings.webhookAllowLoopback ?? false,
      operatorId: ctx.principal.operatorId,
      partnerSlug: input.partner,
      url: input.url,
      events: input.events,
      now: ctx.now(),
    });
    const { secret: _kept, ...shown } = endpoint;
    return { secret, endpoint: presentEndpoint(shown) };
  });

export const deleteWebhook = consoleProcedure
  .input(z.object({ id: idField("id") }))
  .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.db, input.id, ctx.now(), ctx.principal.operatorId));

/** The most recent deliveries with their last attempt: what the receiver answered, and how fast. */
export const listWebhookLog = consoleProcedure.query(async ({ ctx }) =>
  (await listWebhookDeliveries(ctx.db, ctx.principal.operatorId)).map((d) => {
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
  }),
);

/** Sends one delivery again now, with the same event ID; its retries start over. */
export const redeliverWebhookEvent = consoleProcedure
  .input(z.object({ deliveryId: idField("deliveryId") }))
  .mutation(async ({ ctx, input }) => {
    const outcome = await redeliverWebhook(ctx.db, ctx.principal.operatorId, input.deliveryId, ctx.now());
    if (outcome === "not-found") throw new NotFoundError(`There is no delivery ${input.deliveryId} to a live endpoint`);
    if (outcome === "in-flight")
      throw new ConflictError(
        "delivery-in-flight",
        `Delivery ${input.deliveryId} is being sent now; redeliver it once this attempt ends`,
      );
    return { deliveryId: input.deliveryId };
  });
