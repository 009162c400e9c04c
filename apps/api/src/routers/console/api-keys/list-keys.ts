import { listApiKeys } from "@slotwise/db";

import { presentApiKey } from "../../../presenters/api-key.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";

export const listKeys = consoleProcedure.query(async ({ ctx }) => {
  const now = ctx.now();
  return (await listApiKeys(ctx.db, ctx.principal.operatorId)).map((k) => presentApiKey(k, now));
});
