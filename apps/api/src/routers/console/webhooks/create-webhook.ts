import { createWebhookEndpoint } from "@slotwise/db";

import { presentWebhookEndpoint } from "../../../presenters/webhook-endpoint.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { createWebhookInput } from "./create-webhook.schema.ts";

/** The signing secret is in this response only: the console never shows it again. */
export const createWebhook = consoleProcedure.input(createWebhookInput).mutation(async ({ ctx, input }) => {
  const { secret, endpoint } = await createWebhookEndpoint(ctx.db, {
    allowLoopback: ctx.settings.webhookAllowLoopback ?? false,
    operatorId: ctx.principal.operatorId,
    partnerSlug: input.partner,
    url: input.url,
    events: input.events,
    now: ctx.now(),
  });
  const { secret: _kept, ...shown } = endpoint;
  return { secret, endpoint: presentWebhookEndpoint(shown) };
});
