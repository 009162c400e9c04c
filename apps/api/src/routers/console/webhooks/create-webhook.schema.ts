import { z } from "zod";

import { textField, WEBHOOK_EVENT_TYPES } from "@slotwise/core";

export const createWebhookInput = z.object({
  partner: textField("partner", 1, 64),
  url: textField("url", 1, 2048),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: "Choose at least one event" }),
});
