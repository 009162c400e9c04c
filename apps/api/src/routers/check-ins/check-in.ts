import { checkInByCode } from "../../services/check-in-code.ts";
import { checkinProcedure } from "../../trpc/procedures.ts";
import { checkInInput, checkInOutput } from "./check-in.schema.ts";

export const checkIn = checkinProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/operator/check-ins",
      tags: ["Check-in"],
      summary: "Check a guest in by their ticket's code",
      description:
        "Checks in the person of one ticket, once: a repeat scan answers FirstScan false with the first CheckedInAt. 409 ticket-void for a cancelled or expired booking, 409 ticket-wrong-day (with `date`) when its timeslot is not today in the activity's time zone, 404 for a code your operator never issued. Unknown codes count as failed authentications.",
    },
    problems: ["not-found", "ticket-void", "ticket-wrong-day", "validation"],
  })
  .input(checkInInput)
  .output(checkInOutput)
  .mutation(async ({ ctx, input }) => {
    const scan = await checkInByCode(ctx, ctx.principal.operatorId, input.Code);
    return {
      data: {
        Reference: scan.reference,
        UnitID: scan.unitId,
        CheckedInAt: scan.checkedInAt.toISOString(),
        FirstScan: scan.firstScan,
      },
    };
  });
