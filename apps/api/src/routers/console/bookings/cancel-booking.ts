import { presentBookingDetail } from "../../../presenters/booking-detail.ts";
import { cancelBooking } from "../../../services/booking-cancellation.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { bookingReferenceInput } from "./booking-reference.schema.ts";
import { loadBookingDetail } from "./load-booking-detail.ts";

/**
 * Cancels from the desk: places come back and the waitlist is told, as for a partner's
 * cancellation. The operator is not held to the policy, and the refund is the policy's all the same.
 */
export const cancelConsoleBooking = consoleProcedure.input(bookingReferenceInput).mutation(async ({ ctx, input }) => {
  const booking = await loadBookingDetail(ctx, input.reference);
  await cancelBooking(ctx, booking, `console:${ctx.principal.email}`, "operator");
  return presentBookingDetail(await loadBookingDetail(ctx, input.reference), ctx.now());
});
