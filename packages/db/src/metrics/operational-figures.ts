import type { Db } from "../tx.ts";

export interface OperationalFigures {
  emailsQueued: number;
  emailsFailed: number;
  /** Age of the oldest usage entry above the compactor's watermark; 0 when none waits. */
  compactorLagSeconds: number;
}

/** What an operator watches of the background work, in one statement (all three use indexes). */
export async function operationalFigures(db: Db): Promise<OperationalFigures> {
  const [row] = await db.$queryRaw<{ queued: number; failed: number; lag: number }[]>`
    SELECT (SELECT count(*) FROM outbox_emails WHERE status = 'QUEUED')::int AS queued,
           (SELECT count(*) FROM outbox_emails WHERE status = 'FAILED')::int AS failed,
           COALESCE((SELECT extract(epoch FROM now() - min(created_at)) FROM usage_entries
                      WHERE created_xid >= (SELECT watermark FROM usage_compaction WHERE id = 1)), 0)::float8 AS lag`;
  return { emailsQueued: row?.queued ?? 0, emailsFailed: row?.failed ?? 0, compactorLagSeconds: row?.lag ?? 0 };
}
