import { listWebhookDeliveries } from "@slotwise/db";

import { presentWebhookDelivery } from "../../../presenters/webhook-delivery.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

/** The most recent deliveries with their last attempt: what the receiver answered, and how fast. */
export const listDeliveries = consoleProcedure.query(async ({ ctx }) =>
  (await listWebhookDeliveries(ctx.db, ctx.principal.operatorId)).map(presentWebhookDelivery),
);
