import { z } from "zod";

import { EmailKind, EmailStatus } from "@slotwise/db";

import { pageInput } from "../paging.ts";

export const listOutboxInput = z.object({
  status: z.enum(EmailStatus).optional(),
  kind: z.enum(EmailKind).optional(),
  ...pageInput,
});
