import type { Db } from "../tx.ts";

/** A booking by reference, only if it belongs to this operator (and partner, when given). */
export function findBooking(db: Db, operatorId: number, reference: string, partnerId?: number) {
  return db.booking.findFirst({
    where: { reference: reference.toUpperCase(), operatorId, ...(partnerId === undefined ? {} : { partnerId }) },
    include: { product: true },
  });
}
