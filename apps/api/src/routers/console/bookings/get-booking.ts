import { consoleProcedure } from "../../../trpc/procedures.ts";
import { detailOrThrow, presentDetail } from "./booking-detail.ts";
import { bookingReferenceInput } from "./booking-reference.schema.ts";

export const getConsoleBooking = consoleProcedure
  .input(bookingReferenceInput)
  .query(async ({ ctx, input }) => presentDetail(await detailOrThrow(ctx, input.reference), ctx.now()));
