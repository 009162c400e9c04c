import { listWebhookEndpoints } from "@slotwise/db";

import { presentWebhookEndpoint } from "../../../presenters/webhook-endpoint.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

export const listWebhooks = consoleProcedure.query(async ({ ctx }) =>
  (await listWebhookEndpoints(ctx.db, ctx.principal.operatorId)).map(presentWebhookEndpoint),
);
