import { z } from "zod";

import { summaryQuerySchema } from "@slotwise/core";

export const usageCsvInput = summaryQuerySchema.extend({ kind: z.enum(["summary", "series"]) });
