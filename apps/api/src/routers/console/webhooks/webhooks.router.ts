import { router } from "../../../trpc/procedures.ts";
import { createWebhook } from "./create-webhook.ts";
import { deleteWebhook } from "./delete-webhook.ts";
import { listDeliveries } from "./list-deliveries.ts";
import { listWebhooks } from "./list-webhooks.ts";
import { redeliverWebhookEvent } from "./redeliver-webhook-event.ts";

export const consoleWebhooksRouter = router({
  list: listWebhooks,
  create: createWebhook,
  delete: deleteWebhook,
  deliveries: listDeliveries,
  redeliver: redeliverWebhookEvent,
});
