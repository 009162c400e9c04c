import { deleteWebhookEndpoint } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { deleteWebhookInput } from "./delete-webhook.schema.ts";

export const deleteWebhook = consoleProcedure
  .input(deleteWebhookInput)
  .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.db, input.id, ctx.now(), ctx.principal.operatorId));
