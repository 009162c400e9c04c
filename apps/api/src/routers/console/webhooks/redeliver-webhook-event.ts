import { ConflictError, NotFoundError } from "@slotwise/core";
import { redeliverWebhook } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { redeliverWebhookEventInput } from "./redeliver-webhook-event.schema.ts";

/** Sends one delivery again now, with the same event ID; its retries start over. */
export const redeliverWebhookEvent = consoleProcedure
  .input(redeliverWebhookEventInput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await redeliverWebhook(ctx.db, ctx.principal.operatorId, input.deliveryId, ctx.now());
    if (outcome === "not-found") throw new NotFoundError(`There is no delivery ${input.deliveryId} to a live endpoint`);
    if (outcome === "in-flight")
      throw new ConflictError(
        "delivery-in-flight",
        `Delivery ${input.deliveryId} is being sent now; redeliver it once this attempt ends`,
      );
    if (outcome === "superseded")
      throw new ConflictError(
        "delivery-superseded",
        `Delivery ${input.deliveryId} was replaced by a later change of its timeslot; that one carries the timeslot as it is`,
      );
    return { deliveryId: input.deliveryId };
  });
