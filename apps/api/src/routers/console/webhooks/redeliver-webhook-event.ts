import { NotFoundError } from "@slotwise/core";
import { redeliverWebhook } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { redeliverWebhookEventInput } from "./redeliver-webhook-event.schema.ts";

/** Sends one delivery again now, with the same event ID; its retries start over. */
export const redeliverWebhookEvent = consoleProcedure
  .input(redeliverWebhookEventInput)
  .mutation(async ({ ctx, input }) => {
    if (!(await redeliverWebhook(ctx.db, ctx.principal.operatorId, input.deliveryId, ctx.now())))
      throw new NotFoundError(`There is no delivery ${input.deliveryId} to a live endpoint`);
    return { deliveryId: input.deliveryId };
  });
