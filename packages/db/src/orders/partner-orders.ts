import { ConflictError } from "@slotwise/core";

import type { NewBooking } from "../bookings/booking-types.ts";
import { sellBooking } from "../bookings/sell-booking.ts";
import type { Booking } from "../generated/prisma/client.ts";
import type { Db, Tx } from "../tx.ts";

export interface PartnerOrderInput {
  publicId: string;
  operatorId: number;
  partnerId: number;
  /** The order's items, each a hold until `holdUntil`; index i is the partner's `Items[i]`. */
  items: readonly Omit<NewBooking, "orderId" | "holdUntil" | "now" | "actor" | "source" | "partnerId" | "apiKeyId">[];
  holdUntil: Date;
  apiKeyId: number;
  actor: string;
  now: Date;
}

/**
 * Holds every item of a partner's order, in the caller's transaction, or none: the first item
 * refused throws a ConflictError carrying its index (`item`), and the caller's rollback gives
 * back what the items before it took. The timeslots are locked first in id order, whatever the
 * items' order, so two orders over the same timeslots queue instead of deadlocking; each item
 * then sells through sellBooking, the one booking write, so an order's two items on one
 * timeslot are counted together.
 */
export async function holdPartnerOrderInTx(tx: Tx, input: PartnerOrderInput) {
  const slotIds = [...new Set(input.items.map((item) => item.timeslotId))].sort((a, b) => a - b);
  await tx.$queryRaw`SELECT id FROM timeslots WHERE id = ANY(${slotIds}::int[]) ORDER BY id FOR UPDATE`;
  const [first] = input.items;
  if (!first) throw new Error("An order needs at least one item");
  const order = await tx.order.create({
    data: {
      operatorId: input.operatorId,
      channel: "PARTNER",
      publicId: input.publicId,
      partnerId: input.partnerId,
      totalAmount: input.items.reduce((sum, item) => sum + item.priced.totalAmount, 0),
      currency: first.product.currency,
      createdAt: input.now,
    },
  });
  const bookings: Booking[] = [];
  for (const [index, item] of input.items.entries()) {
    try {
      bookings.push(
        await sellBooking(tx, {
          ...item,
          orderId: order.id,
          holdUntil: input.holdUntil,
          source: "PARTNER",
          partnerId: input.partnerId,
          apiKeyId: input.apiKeyId,
          actor: input.actor,
          now: input.now,
        }),
      );
    } catch (error) {
      if (error instanceof ConflictError) {
        throw new ConflictError(error.kind, `Items[${index}]: ${error.message}`, { ...error.extra, item: index });
      }
      throw error;
    }
  }
  // A hold ends at its timeslot's start at the latest, so the order's deadline is its earliest.
  const expiresAt = new Date(Math.min(...bookings.map((b) => (b.expiresAt ?? input.holdUntil).getTime())));
  const kept = await tx.order.update({ where: { id: order.id }, data: { expiresAt } });
  return { order: kept, bookings };
}

/** A partner's order by its OrderID, with its bookings in item order, or null when it is not theirs. */
export function findPartnerOrder(db: Db, operatorId: number, partnerId: number, publicId: string) {
  return db.order.findFirst({
    where: { publicId, operatorId, partnerId },
    include: {
      bookings: {
        orderBy: { id: "asc" },
        // Persons checked in: a partner can no longer cancel a booking once one has.
        include: { product: true, _count: { select: { tickets: { where: { checkedInAt: { not: null } } } } } },
      },
    },
  });
}
