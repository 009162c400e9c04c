import { z } from "zod";

import { assertCancellable, effectiveStatus, holdsPlaces } from "@slotwise/core";

import { orderSchema } from "../../presenters/order-schema.ts";
import { cancelIfActive } from "../../services/cancel-if-active.ts";
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
        "Frees the places of every booking of the order. Once one of its timeslots has started nothing is cancelled (409 timeslot-unavailable). Cancelling twice returns the same cancelled order. No body is needed.",
    },
    problems: ["not-found", "timeslot-unavailable", "validation"],
  })
  .input(orderPathInput)
  .output(z.object({ data: orderSchema }))
  .mutation(async ({ ctx, input }) => {
    const order = await partnerOrder(ctx, input.OrderID);
    const now = ctx.now();
    // Every booking is checked before any is cancelled, so a refusal leaves the order whole.
    for (const booking of order.bookings)
      if (holdsPlaces(effectiveStatus(booking, now))) assertCancellable(booking.startsAt, now);
    for (const booking of order.bookings) await cancelIfActive(ctx, booking, `partner:${ctx.principal.partner.slug}`);
    return { data: await readOrder(ctx, input.OrderID) };
  });
