import type { Database } from "../client.ts";
import { Prisma } from "../generated/prisma/client.ts";

/** Months made ahead of the current one: the worker may stop for this long before the default partition fills. */
export const PARTITION_MONTHS_AHEAD = 3;

/** How long a partition drop waits for usage's readers and writers before trying again on the next run. */
const DROP_LOCK_TIMEOUT = "5s";

const PARTITION_NAME = /^usage_entries_(\d{4})_(\d{2})$/;

export interface PartitionUpkeep {
  /** Partitions made, by name (`usage_entries_2026_12`). */
  made: string[];
  /** Partitions dropped: every entry older than the cutoff and in the rollups. */
  dropped: string[];
  /** Partitions old enough to drop but kept: entries not yet folded, or set aside. */
  kept: string[];
}

/** First instant (UTC) of the month holding `instant`, moved by `months`. */
function monthStart(instant: Date, months = 0): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + months, 1));
}

/** The UTC month a partition holds, `[low, high)`, read from its name. */
function partitionMonth(name: string): { low: Date; high: Date } | null {
  const match = PARTITION_NAME.exec(name);
  if (!match) return null;
  const low = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return { low, high: monthStart(low, 1) };
}

/**
 * Makes the monthly partitions of usage entries that should exist: every month from the one
 * holding `cutoff` (the retention edge) to `PARTITION_MONTHS_AHEAD` months after `now`, and
 * any month whose entries the default partition caught (they move into it). Idempotent and
 * safe with several workers (`make_usage_partition` takes an advisory lock).
 */
export async function makeUsagePartitions(db: Database, now: Date, cutoff: Date): Promise<string[]> {
  const months: Date[] = [];
  for (let month = monthStart(cutoff); month <= monthStart(now, PARTITION_MONTHS_AHEAD); month = monthStart(month, 1))
    months.push(month);
  const caught = await db.$queryRaw<{ month: Date }[]>`
    SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS month FROM usage_entries_default`;
  const made: string[] = [];
  for (const month of [...months, ...caught.map((c) => c.month)]) {
    const day = month.toISOString().slice(0, 10);
    const [{ created }] = (await db.$queryRaw<{ created: boolean }[]>`
      SELECT make_usage_partition(${day}::date) AS created`) as [{ created: boolean }];
    if (created) made.push(`usage_entries_${day.slice(0, 4)}_${day.slice(5, 7)}`);
  }
  return made;
}

/**
 * Drops each monthly partition whose whole month lies before `cutoff`, when every entry in it
 * is in the rollups: of a transaction below the compactor's watermark and not set aside. So
 * summaries, which read the rollups, answer the same after as before. The EventIDs and
 * dedupe keys of its entries are forgotten with it. Each drop is one transaction that holds
 * usage's lock only for the final check and the drop, and gives up after a few seconds of
 * waiting (the next run tries again).
 */
export async function dropExpiredUsagePartitions(
  db: Database,
  cutoff: Date,
): Promise<Pick<PartitionUpkeep, "dropped" | "kept">> {
  const partitions = await db.$queryRaw<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'usage_entries'::regclass ORDER BY c.relname`;
  const dropped: string[] = [];
  const kept: string[] = [];
  for (const { name } of partitions) {
    const month = partitionMonth(name);
    if (!month || month.high > cutoff) continue;
    if (await dropIfFolded(db, name, month.low, month.high)) dropped.push(name);
    else kept.push(name);
  }
  return { dropped, kept };
}

/** Whether entries of `[low, high)` in `partition` are all in the rollups. */
function allFolded(partition: Prisma.Sql, low: Date, high: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT NOT EXISTS (SELECT 1 FROM ${partition} WHERE created_xid >= (SELECT watermark FROM usage_compaction WHERE id = 1))
       AND NOT EXISTS (SELECT 1 FROM usage_set_aside WHERE occurred_at >= ${low} AND occurred_at < ${high}) AS folded`;
}

async function dropIfFolded(db: Database, name: string, low: Date, high: Date): Promise<boolean> {
  const partition = Prisma.raw(`"${name}"`);
  const [before] = await db.$queryRaw<{ folded: boolean }[]>(allFolded(partition, low, high));
  if (!before?.folded) return false;
  return db
    .$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${DROP_LOCK_TIMEOUT}'`);
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('usage_entries partitions'))`;
        // The keys go first, before usage is locked: a big month's keys take a while to delete.
        await tx.$executeRaw`DELETE FROM usage_event_ids WHERE occurred_at >= ${low} AND occurred_at < ${high}`;
        await tx.$executeRaw`DELETE FROM usage_dedupe_keys WHERE occurred_at >= ${low} AND occurred_at < ${high}`;
        // The parent first: dropping a partition locks it anyway, and taking the partition first
        // would deadlock with an insert that holds the parent and waits for the partition.
        await tx.$executeRaw`LOCK TABLE ONLY usage_entries IN ACCESS EXCLUSIVE MODE`;
        // Checked again under the lock: nothing can be written into the month meanwhile.
        const [now] = await tx.$queryRaw<{ folded: boolean }[]>(allFolded(partition, low, high));
        if (!now?.folded) throw new NotFolded();
        await tx.$executeRaw`DROP TABLE ${partition}`;
        return true;
      },
      { timeout: 600_000 },
    )
    .catch((error: unknown) => {
      if (error instanceof NotFolded) return false;
      throw error;
    });
}

/** Rolls the drop back (its keys deleted with it): an entry arrived between the two checks. */
class NotFolded extends Error {}
