import { z } from "zod";

import { idField } from "@slotwise/core";

export const deleteWebhookInput = z.object({ id: idField("id") });
