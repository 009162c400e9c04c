import type pg from "pg";

/**
 * Where a reader of the change log stands, from the snapshot of its last read: it has taken
 * every row of that snapshot with `id <= lastId`. What it may have missed below that id are
 * the rows of transactions that snapshot did not see as finished: those it lists as running
 * (`pending`, below `xmax`), and any with an xid at or past `xmax` (a snapshot's `xmax` is one
 * past the newest finished transaction, so a later-numbered one still running is not listed).
 * A row inserted after the read has a higher id (the sequence only grows). So
 * `id > lastId OR xid IN pending OR xid >= xmax` is exactly what is new, and taking a row twice
 * only drops a cache entry twice.
 */
export interface ChangeLogPosition {
  lastId: string;
  pending: string[];
  xmax: string;
}

const SNAPSHOT = `ARRAY(SELECT x::text FROM pg_snapshot_xip(pg_current_snapshot()) AS x) AS pending,
            pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`;

/** Where the log stands now: what a reader starting now has nothing to read before. */
export async function changeLogPosition(client: pg.Client): Promise<ChangeLogPosition> {
  const { rows } = await client.query<{ last_id: string; pending: string[]; xmax: string }>(`
    SELECT (SELECT coalesce(max(id), 0)::text FROM change_log) AS last_id, ${SNAPSHOT}`);
  const [row] = rows;
  if (!row) throw new Error("no change-log position");
  return { lastId: row.last_id, pending: row.pending, xmax: row.xmax };
}

/**
 * The topics committed since `position`, and the position after them. One statement, so the
 * rows and the new list of running transactions come from one snapshot.
 */
export async function readChangeLog(
  client: pg.Client,
  position: ChangeLogPosition,
): Promise<{ topics: string[]; position: ChangeLogPosition }> {
  const { rows } = await client.query<{ last_id: string; pending: string[]; xmax: string; topics: string[] }>(
    `WITH fresh AS (
       SELECT id, topic FROM change_log WHERE id > $1::bigint OR xid = ANY($2::bigint[]) OR xid >= $3::bigint
     )
     SELECT (SELECT greatest(coalesce(max(id), 0), $1::bigint)::text FROM fresh) AS last_id, ${SNAPSHOT},
            ARRAY(SELECT DISTINCT topic FROM fresh) AS topics`,
    [position.lastId, position.pending, position.xmax],
  );
  const [row] = rows;
  if (!row) throw new Error("no change-log read");
  return { topics: row.topics, position: { lastId: row.last_id, pending: row.pending, xmax: row.xmax } };
}
