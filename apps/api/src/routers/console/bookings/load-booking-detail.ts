import { NotFoundError } from "@slotwise/core";
import { bookingDetail, type Db } from "@slotwise/db";

/** Loads the booking its console page shows; 404 for another operator's. */
export async function loadBookingDetail(ctx: { db: Db; principal: { operatorId: number } }, reference: string) {
  const booking = await bookingDetail(ctx.db, ctx.principal.operatorId, reference);
  if (!booking) throw new NotFoundError(`There is no booking ${reference}`);
  return booking;
}
