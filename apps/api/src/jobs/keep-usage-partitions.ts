import { usageRetentionCutoff } from "@slotwise/core";
import { dropExpiredUsagePartitions, makeUsagePartitions, type Database } from "@slotwise/db";

/**
 * Keeps the usage entries bounded: makes their monthly partitions from the retention edge to
 * a few months ahead (so the default partition stays empty), and drops the months wholly past
 * the retention age whose entries are all in the rollups (summaries answer the same). Any
 * number of workers may run it at once.
 */
export async function keepUsagePartitions(
  db: Database,
  now: Date,
  retentionDays: number,
  log: { info(o: object, m: string): void },
): Promise<void> {
  const cutoff = usageRetentionCutoff(now, retentionDays);
  const made = await makeUsagePartitions(db, now, cutoff);
  if (made.length > 0) log.info({ partitions: made }, "usage partitions made");
  const { dropped, kept } = await dropExpiredUsagePartitions(db, cutoff);
  if (dropped.length > 0)
    log.info({ partitions: dropped }, "usage partitions past retention dropped; their usage stays in the rollups");
  if (kept.length > 0)
    log.info({ partitions: kept }, "usage partitions past retention kept: entries not yet folded, or set aside");
}
