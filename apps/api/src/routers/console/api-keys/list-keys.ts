import { listApiKeys } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";
import { presentKey } from "./present-key.ts";

export const listKeys = consoleProcedure.query(async ({ ctx }) => {
  const now = ctx.now();
  return (await listApiKeys(ctx.db, ctx.principal.operatorId)).map((k) => presentKey(k, now));
});
