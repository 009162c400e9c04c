import type { Db } from "../tx.ts";

/** The operator's most recent deliveries, newest first, each with its last attempt. */
export function listWebhookDeliveries(db: Db, operatorId: number, limit = 50) {
  return db.webhookDelivery.findMany({
    where: { endpoint: { operatorId } },
    orderBy: { id: "desc" },
    take: limit,
    include: {
      event: { select: { publicId: true, type: true, createdAt: true } },
      endpoint: { select: { id: true, url: true, partner: { select: { slug: true } } } },
      log: { orderBy: [{ at: "desc" }, { id: "desc" }], take: 1 },
    },
  });
}
