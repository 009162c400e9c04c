import { listActivities } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";

export const listConsoleActivities = consoleProcedure.query(({ ctx }) =>
  listActivities(ctx.db, ctx.principal.operatorId),
);
