import type { Db } from "../tx.ts";

/** Everything the console shows about one booking: activity, slot, partner, order, questions, history, e-mails. */
export function bookingDetail(db: Db, operatorId: number, reference: string) {
  return db.booking.findFirst({
    where: { reference: reference.toUpperCase(), operatorId },
    include: {
      product: { include: { questions: { orderBy: { position: "asc" } } } },
      timeslot: true,
      partner: true,
      // Persons checked in: a partner can no longer cancel the booking once one has.
      _count: { select: { tickets: { where: { checkedInAt: { not: null } } } } },
      order: true,
      events: { orderBy: [{ at: "asc" }, { id: "asc" }] },
      emails: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, kind: true, status: true, toAddress: true, createdAt: true, sentAt: true },
      },
    },
  });
}
