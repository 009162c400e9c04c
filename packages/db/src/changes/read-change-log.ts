import type pg from "pg";

/**
 * Where a reader of the change log stands: it has taken every row with `id <= lastId` that was
 * committed when it last read, and the rows of the transactions that were still running then
 * (`pending`) are all it may have missed below that id. A row inserted later has a higher id
 * (the sequence only grows), so `id > lastId OR xid IN pending` is exactly what is new.
 */
export interface ChangeLogPosition {
  lastId: string;
  pending: string[];
}

/** Where the log stands now: what a reader starting now has nothing to read before. */
export async function changeLogPosition(client: pg.Client): Promise<ChangeLogPosition> {
  const { rows } = await client.query<{ last_id: string; pending: string[] }>(`
    SELECT (SELECT coalesce(max(id), 0)::text FROM change_log) AS last_id,
           ARRAY(SELECT x::text FROM pg_snapshot_xip(pg_current_snapshot()) AS x) AS pending`);
  const [row] = rows;
  if (!row) throw new Error("no change-log position");
  return { lastId: row.last_id, pending: row.pending };
}

/**
 * The topics committed since `position`, and the position after them. One statement, so the
 * rows and the new list of running transactions come from one snapshot.
 */
export async function readChangeLog(
  client: pg.Client,
  position: ChangeLogPosition,
): Promise<{ topics: string[]; position: ChangeLogPosition }> {
  const { rows } = await client.query<{ last_id: string; pending: string[]; topics: string[] }>(
    `WITH fresh AS (SELECT id, topic FROM change_log WHERE id > $1::bigint OR xid = ANY($2::bigint[]))
     SELECT (SELECT greatest(coalesce(max(id), 0), $1::bigint)::text FROM fresh) AS last_id,
            ARRAY(SELECT x::text FROM pg_snapshot_xip(pg_current_snapshot()) AS x) AS pending,
            ARRAY(SELECT DISTINCT topic FROM fresh) AS topics`,
    [position.lastId, position.pending],
  );
  const [row] = rows;
  if (!row) throw new Error("no change-log read");
  return { topics: row.topics, position: { lastId: row.last_id, pending: row.pending } };
}
