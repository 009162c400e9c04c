import { z } from "zod";

import { idField } from "@slotwise/core";

export const redeliverWebhookEventInput = z.object({ deliveryId: idField("deliveryId") });
