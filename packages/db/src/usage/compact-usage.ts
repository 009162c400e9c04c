import type { Database } from "../client.ts";
import { isDataError, postgresErrorOf } from "../errors/postgres-error.ts";
import { Prisma } from "../generated/prisma/client.ts";
import type { Tx } from "../tx.ts";
import { materializeShiftedDays } from "./materialize-shifted-days.ts";

/** Rollup buckets start on this origin, every 15 minutes. */
export const BUCKET_ORIGIN = "2000-01-01T00:00:00Z";
export const BUCKET_MS = 15 * 60_000;

export interface Compaction {
  /** Entries folded into the rollups. */
  folded: number;
  /** Entries the database refused to fold, now in `usage_set_aside`, with its words. */
  setAside: { entryId: bigint; reason: string }[];
}

/** Entries of transactions `fromXid <= xid < toXid`, and when given only ids `low..high`. */
interface Window {
  fromXid: bigint;
  toXid: bigint;
  ids?: [bigint, bigint];
}

/**
 * Folds the usage entries of every finished transaction not yet folded into the rollups
 * (15-minute and daily, plain and per dimension set; the hourly ones follow the 15-minute ones
 * by trigger), moves the watermark past them, and makes the shifted days closed by `now`
 * (materializeShiftedDays), in one transaction. "Finished" is
 * PostgreSQL's own snapshot horizon: no transaction below it is still running, so no entry can
 * appear below the watermark after it has moved. Safe to run from several processes (they
 * queue on the watermark row) and at any moment. An entry the database refuses to fold is set
 * aside rather than holding back everyone's rollups (summaries still count it).
 */
export async function compactUsage(db: Database, now: Date = new Date()): Promise<Compaction> {
  return db.$transaction(
    async (tx) => {
      const [state] = await tx.$queryRaw<
        { watermark: bigint }[]
      >`SELECT watermark FROM usage_compaction WHERE id = 1 FOR UPDATE`;
      const [{ horizon }] = (await tx.$queryRaw<
        { horizon: bigint }[]
      >`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon`) as [{ horizon: bigint }];
      const from = state?.watermark ?? 0n;
      let compaction: Compaction = { folded: 0, setAside: [] };
      if (horizon > from) {
        compaction = await foldOrSetAside(tx, { fromXid: from, toXid: horizon });
        await tx.$executeRaw`UPDATE usage_compaction SET watermark = ${horizon}, compacted_at = now() WHERE id = 1`;
      }
      await materializeShiftedDays(tx, now);
      return compaction;
    },
    { timeout: 600_000 },
  );
}

/**
 * Folds the window; when the database refuses it for its data (not for a lost connection or
 * a timeout, which fail the whole compaction so that it runs again), halves the window by
 * entry id until each refused entry stands alone, and sets those aside. A window without a
 * refused entry costs one statement; k refused entries cost O(k log n).
 */
async function foldOrSetAside(tx: Tx, window: Window): Promise<Compaction> {
  await tx.$executeRawUnsafe("SAVEPOINT fold");
  try {
    const folded = await fold(tx, window);
    await tx.$executeRawUnsafe("RELEASE SAVEPOINT fold");
    return { folded, setAside: [] };
  } catch (error) {
    const refusal = postgresErrorOf(error);
    if (!refusal || !isDataError(refusal)) throw error;
    await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT fold");
    await tx.$executeRawUnsafe("RELEASE SAVEPOINT fold");
    const [low, high] = window.ids ?? (await idRange(tx, window, error));
    if (low === high) {
      await tx.$executeRaw`
        INSERT INTO usage_set_aside (entry_id, occurred_at, reason)
        SELECT id, occurred_at, ${refusal.message} FROM usage_entries
         WHERE id = ${low} AND created_xid >= ${window.fromXid} AND created_xid < ${window.toXid}`;
      return { folded: 0, setAside: [{ entryId: low, reason: refusal.message }] };
    }
    const middle = low + (high - low) / 2n;
    const first = await foldOrSetAside(tx, { ...window, ids: [low, middle] });
    const second = await foldOrSetAside(tx, { ...window, ids: [middle + 1n, high] });
    return { folded: first.folded + second.folded, setAside: [...first.setAside, ...second.setAside] };
  }
}

async function idRange(tx: Tx, window: Window, refusal: unknown): Promise<[bigint, bigint]> {
  const [range] = await tx.$queryRaw<{ low: bigint | null; high: bigint | null }[]>`
    SELECT min(id) AS low, max(id) AS high FROM usage_entries WHERE created_xid >= ${window.fromXid} AND created_xid < ${window.toXid}`;
  if (range?.low == null || range.high == null) throw refusal;
  return [range.low, range.high];
}

/**
 * One scan of the window feeds every rollup: the window is summed per quarter hour, meter
 * and dimension set (the dims rollups), and those sums are summed again without the set (the
 * plain rollups). Whole quarter hours of UTC add up to whole UTC days.
 */
async function fold(tx: Tx, window: Window): Promise<number> {
  const ids = window.ids ? Prisma.sql`AND id BETWEEN ${window.ids[0]} AND ${window.ids[1]}` : Prisma.empty;
  const [{ folded }] = (await tx.$queryRaw<{ folded: bigint }[]>`
    WITH fresh_dims AS (
      SELECT operator_id, date_bin('15 minutes', occurred_at, ${new Date(BUCKET_ORIGIN)}::timestamptz) AS bucket_start, meter,
             COALESCE(dimensions::text, '{}') AS dimensions, sum(usage) AS total, count(*) AS events
        FROM usage_entries WHERE created_xid >= ${window.fromXid} AND created_xid < ${window.toXid} ${ids}
       GROUP BY 1, 2, 3, 4
    ),
    fresh AS (
      SELECT operator_id, bucket_start, meter, sum(total) AS total, sum(events) AS events FROM fresh_dims GROUP BY 1, 2, 3
    ),
    quarter AS (
      INSERT INTO usage_rollups_15m (operator_id, bucket_start, meter, total, events)
      SELECT operator_id, bucket_start, meter, total, events FROM fresh
      ON CONFLICT (operator_id, bucket_start, meter)
      DO UPDATE SET total = usage_rollups_15m.total + EXCLUDED.total, events = usage_rollups_15m.events + EXCLUDED.events
    ),
    daily AS (
      INSERT INTO usage_rollups_daily (operator_id, day, meter, total, events)
      SELECT operator_id, (bucket_start AT TIME ZONE 'UTC')::date, meter, sum(total), sum(events) FROM fresh
       GROUP BY 1, 2, 3
      ON CONFLICT (operator_id, day, meter)
      DO UPDATE SET total = usage_rollups_daily.total + EXCLUDED.total, events = usage_rollups_daily.events + EXCLUDED.events
    ),
    quarter_dims AS (
      INSERT INTO usage_rollups_dims_15m (operator_id, bucket_start, meter, dimensions, total, events)
      SELECT operator_id, bucket_start, meter, dimensions, total, events FROM fresh_dims
      ON CONFLICT (operator_id, bucket_start, meter, dimensions)
      DO UPDATE SET total = usage_rollups_dims_15m.total + EXCLUDED.total, events = usage_rollups_dims_15m.events + EXCLUDED.events
    ),
    daily_dims AS (
      INSERT INTO usage_rollups_dims_daily (operator_id, day, meter, dimensions, total, events)
      SELECT operator_id, (bucket_start AT TIME ZONE 'UTC')::date, meter, dimensions, sum(total), sum(events) FROM fresh_dims
       GROUP BY 1, 2, 3, 4
      ON CONFLICT (operator_id, day, meter, dimensions)
      DO UPDATE SET total = usage_rollups_dims_daily.total + EXCLUDED.total, events = usage_rollups_dims_daily.events + EXCLUDED.events
    )
    SELECT COALESCE(sum(events), 0)::bigint AS folded FROM fresh`) as [{ folded: bigint }];
  return Number(folded);
}
