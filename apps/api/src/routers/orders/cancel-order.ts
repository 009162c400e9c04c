import { z } from "zod";

import { orderSchema } from "../../presenters/order-schema.ts";
import { cancelBooking, cancellationCheck } from "../../services/booking-cancellation.ts";
import { partnerOrder, readOrder } from "../../services/partner-order.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { orderPathInput } from "./order-id.schema.ts";

export const cancelOrder = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/orders/{OrderID}/cancel",
      tags: ["Orders"],
      summary: "Cancel every booking of an order",
      description:
        "Frees the places of every booking of the order, each with the refund its cancellation policy gives now (Refund on each booking). Once one of its timeslots has started (409 timeslot-unavailable), or one booking's policy does not allow cancelling now (409 not-cancellable), nothing is cancelled. Cancelling twice returns the same cancelled order. No body is needed.",
    },
    problems: ["not-found", "timeslot-unavailable", "not-cancellable", "validation"],
  })
  .input(orderPathInput)
  .output(z.object({ data: orderSchema }))
  .mutation(async ({ ctx, input }) => {
    const order = await partnerOrder(ctx, input.OrderID);
    const now = ctx.now();
    // Every booking is checked before any is cancelled, so a refusal leaves the order whole.
    for (const booking of order.bookings)
      cancellationCheck({ ...booking, checkedIn: booking._count.tickets }, "partner", now);
    const actor = `partner:${ctx.principal.partner.slug}`;
    for (const booking of order.bookings) await cancelBooking(ctx, booking, actor, "partner");
    return { data: await readOrder(ctx, input.OrderID) };
  });
