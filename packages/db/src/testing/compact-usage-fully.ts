import type { Database } from "../client.ts";
import { compactUsage, type Compaction } from "../usage/compact-usage.ts";

/**
 * Compacts until every usage entry committed before the call is folded. One compaction folds
 * only below the cluster's snapshot horizon, and a transaction open in any database of the
 * cluster (a parallel test file's, the worker's own compaction) holds that horizon back, so a
 * test or a bench that expects its entries folded must wait for the horizon to pass them
 * rather than trust a single run. Gives up after `waitMs` without progress (the watermark not
 * moving), however long the compactions themselves take.
 */
export async function compactUsageFully(db: Database, now?: Date, waitMs = 60_000): Promise<Compaction> {
  const [{ mark }] = (await db.$queryRaw<{ mark: bigint }[]>`SELECT pg_current_xact_id()::text::bigint AS mark`) as [
    { mark: bigint },
  ];
  const total: Compaction = { folded: 0, setAside: [] };
  let seen = -1n;
  let deadline = 0;
  for (;;) {
    const run = await compactUsage(db, now);
    total.folded += run.folded;
    total.setAside.push(...run.setAside);
    const [{ watermark }] = (await db.$queryRaw<
      { watermark: bigint }[]
    >`SELECT watermark FROM usage_compaction WHERE id = 1`) as [{ watermark: bigint }];
    if (watermark > mark) return total;
    if (watermark !== seen) {
      seen = watermark;
      deadline = Date.now() + waitMs;
    } else if (Date.now() > deadline) {
      throw new Error(`usage compaction stayed below transaction ${mark} for ${waitMs} ms (watermark ${watermark})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
