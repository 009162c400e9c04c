import { z } from "zod";

import { dateField, idField } from "@slotwise/core";

export const activityGridInput = z.object({ productId: idField("productId"), from: dateField("from").optional() });
