import { bookingFilterChoices } from "@slotwise/db";

import { consoleProcedure } from "../../../trpc/procedures.ts";

/** What the filters offer: the operator's partners and activities. */
export const bookingFilterOptions = consoleProcedure.query(({ ctx }) =>
  bookingFilterChoices(ctx.db, ctx.principal.operatorId),
);
