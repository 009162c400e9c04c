import { cancelBooking } from "../../../services/booking-cancellation.ts";
import { consoleProcedure } from "../../../trpc/procedures.ts";
import { detailOrThrow, presentDetail } from "./booking-detail.ts";
import { bookingReferenceInput } from "./booking-reference.schema.ts";

/**
 * Cancels from the desk: places come back and the waitlist is told, as for a partner's
 * cancellation. The operator is not held to the policy, and the refund is the policy's all the same.
 */
export const cancelConsoleBooking = consoleProcedure.input(bookingReferenceInput).mutation(async ({ ctx, input }) => {
  const booking = await detailOrThrow(ctx, input.reference);
  await cancelBooking(ctx, booking, `console:${ctx.principal.email}`, "operator");
  return presentDetail(await detailOrThrow(ctx, input.reference), ctx.now());
});
