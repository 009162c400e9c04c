import { consoleUserWithOperator } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";

export const me = consoleProcedure.query(async ({ ctx }) => {
  const user = await consoleUserWithOperator(ctx.db, ctx.principal.userId);
  return {
    email: user.email,
    name: user.name,
    operator: { slug: user.operator.slug, name: user.operator.name, timeZone: user.operator.timeZone },
  };
});
