import { z } from "zod";

import { confirmHoldsInTx } from "@slotwise/db";

import { scopedRequest, withIdempotency } from "../../idempotency/with-idempotency.ts";
import { customerDetails } from "../../presenters/booking.ts";
import { orderSchema } from "../../presenters/order-schema.ts";
import { presentOrder } from "../../presenters/order.ts";
import { bookingTickets } from "../../services/booking-tickets.ts";
import { partnerOrder } from "../../services/partner-order.ts";
import { partnerProcedure } from "../../trpc/procedures.ts";
import { confirmOrderInput } from "./order-id.schema.ts";

export const confirmOrder = partnerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/ota/{partner}/orders/{OrderID}/confirm",
      tags: ["Orders"],
      summary: "Confirm every booking of an order",
      description:
        "Confirms all the order's holds or none: after ExpiresAt it is 409 hold-expired, past an item's booking cut-off 409 timeslot-unavailable, and a cancelled order is 409 booking-not-changeable. Customer (required when an item has none) and PaymentReference apply to every booking. Each confirmed booking answers its Tickets. Confirming a confirmed order returns it unchanged.",
    },
    problems: [
      "not-found",
      "hold-expired",
      "booking-not-changeable",
      "timeslot-unavailable",
      "idempotency-conflict",
      "validation",
      "idempotency-key-reuse",
    ],
  })
  .input(confirmOrderInput)
  .output(z.object({ data: orderSchema }))
  .mutation(async ({ ctx, input }) => {
    const order = await partnerOrder(ctx, input.OrderID);
    const partner = ctx.principal.partner;
    const request = scopedRequest(input, { partner: partner.slug });
    return withIdempotency(ctx, `POST /ota/${partner.slug}/orders/${input.OrderID}/confirm`, request, async (tx) => {
      const now = ctx.now();
      const bookings = await confirmHoldsInTx(
        tx,
        order.bookings.map((booking) => ({
          bookingId: booking.id,
          slot: { productName: booking.product.name, timeZone: booking.product.timeZone },
          cutoffMinutes: booking.product.bookingCutoffMinutes,
        })),
        {
          customer: input.Customer && customerDetails(input.Customer),
          paymentReference: input.PaymentReference,
          actor: `partner:${partner.slug}`,
          now,
          reminderHoursBefore: ctx.settings.reminderHoursBefore,
        },
      );
      // The confirmed bookings with their activities, as the order lists them.
      const confirmed = order.bookings.flatMap((read) => {
        const booking = bookings.find((b) => b.id === read.id);
        return booking ? [{ ...booking, product: read.product }] : [];
      });
      const tickets = await bookingTickets({ db: tx, settings: ctx.settings }, confirmed);
      return { status: 200, body: { data: presentOrder(order, confirmed, now, tickets) }, headers: {} };
    });
  });
