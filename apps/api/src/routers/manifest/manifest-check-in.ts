import { checkInByCode } from "../../services/check-in-code.ts";
import { consoleProcedure } from "../../trpc/procedures.ts";
import { manifestCheckInInput } from "./manifest-check-in.schema.ts";

/** Checks one person in from the manifest, by a ticket's code clicked, typed or scanned. */
export const manifestCheckIn = consoleProcedure.input(manifestCheckInInput).mutation(async ({ ctx, input }) => {
  const scan = await checkInByCode(ctx, ctx.principal.operatorId, input.code);
  return {
    reference: scan.reference,
    unitId: scan.unitId,
    checkedInAt: scan.checkedInAt.toISOString(),
    firstScan: scan.firstScan,
  };
});
