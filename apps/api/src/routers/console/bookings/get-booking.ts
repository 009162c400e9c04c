import { presentBookingDetail } from "../../../presenters/booking-detail.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { bookingReferenceInput } from "./booking-reference.schema.ts";
import { loadBookingDetail } from "./load-booking-detail.ts";

export const getConsoleBooking = consoleProcedure
  .input(bookingReferenceInput)
  .query(async ({ ctx, input }) => presentBookingDetail(await loadBookingDetail(ctx, input.reference), ctx.now()));
