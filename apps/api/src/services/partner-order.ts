import { NotFoundError } from "@slotwise/core";
import { findPartnerOrder, type Db } from "@slotwise/db";

import { presentOrder } from "../presenters/order.ts";
import type { PartnerPrincipal, Settings } from "../trpc/context.ts";
import { bookingTickets } from "./booking-tickets.ts";

/** One of this partner's orders: another partner's OrderID is as unknown as a made-up one. */
export async function partnerOrder(ctx: { db: Db; principal: PartnerPrincipal }, orderId: string) {
  const order = await findPartnerOrder(ctx.db, ctx.principal.operatorId, ctx.principal.partner.id, orderId);
  if (!order) throw new NotFoundError(`There is no order ${orderId}`);
  return order;
}

/** The order as read now, with its bookings' tickets. */
export async function readOrder(
  ctx: { db: Db; principal: PartnerPrincipal; settings: Settings; now: () => Date },
  orderId: string,
) {
  const order = await partnerOrder(ctx, orderId);
  return presentOrder(order, order.bookings, ctx.now(), await bookingTickets(ctx, order.bookings));
}
