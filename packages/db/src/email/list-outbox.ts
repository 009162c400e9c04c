import type { EmailKind, EmailStatus, Prisma } from "../generated/prisma/client.ts";
import type { Db } from "../tx.ts";

export interface OutboxQuery {
  status?: EmailStatus | undefined;
  kind?: EmailKind | undefined;
  page: number;
  pageSize: number;
}

/** The operator's e-mails, newest first, with how many there are of each status. */
export async function listOutbox(db: Db, operatorId: number, query: OutboxQuery) {
  const where: Prisma.OutboxEmailWhereInput = {
    operatorId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
  };
  const [rows, total, byStatus] = await Promise.all([
    db.outboxEmail.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: {
        id: true,
        kind: true,
        status: true,
        toAddress: true,
        subject: true,
        attempts: true,
        lastError: true,
        createdAt: true,
        sendAfter: true,
        sentAt: true,
        booking: { select: { reference: true } },
      },
    }),
    db.outboxEmail.count({ where }),
    db.outboxEmail.groupBy({ by: ["status"], where: { operatorId }, _count: { _all: true } }),
  ]);
  const counts = { QUEUED: 0, SENT: 0, FAILED: 0 };
  for (const group of byStatus) counts[group.status] = group._count._all;
  return { rows, total, counts };
}
