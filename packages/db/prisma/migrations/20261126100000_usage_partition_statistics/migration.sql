-- make_usage_partition makes the partition of the UTC month holding `month` unless it exists,
-- moving into it the rows the default partition caught for that month; now writes to usage wait
-- for it before they choose a partition, and it analyzes both tables when it moved rows.
--
-- Rows are caught when their month had no partition yet: a new database before the worker's
-- first run, a worker stopped for more than the three months it makes ahead. The partition made
-- for them is a new table without column statistics (attaching it counts its rows, nothing
-- more), and the default partition's still describe the rows that left. Until autovacuum
-- reaches them (a minute or more), the planner has only default selectivities for the series'
-- and summaries' filters on operator, period and created_xid: in the bench, a year-long series
-- over a million such rows read every entry of the year to find the few not yet folded, 200 ms
-- instead of 20.
CREATE OR REPLACE FUNCTION "make_usage_partition"("month" DATE) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  first_day DATE := date_trunc('month', "month")::date;
  name TEXT := 'usage_entries_' || to_char(first_day, 'YYYY_MM');
  low TIMESTAMPTZ := first_day::timestamp AT TIME ZONE 'UTC';
  high TIMESTAMPTZ := (first_day + INTERVAL '1 month') AT TIME ZONE 'UTC';
  moved BIGINT;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('usage_entries partitions'));
  IF to_regclass(quote_ident(name)) IS NOT NULL THEN
    RETURN FALSE;
  END IF;
  -- Every usage write waits while this holds the parent: a reader holding the default partition
  -- (a long report, a dump) must not stretch that wait, so the locks are given up after 5 s and
  -- the worker's next run tries again, as when it drops a partition.
  PERFORM set_config('lock_timeout', '5s', true);
  EXECUTE format('CREATE TABLE %I (LIKE usage_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  -- No entry for that month may land in the default partition between the move and the attach
  -- (the attach would fail on it). Writes wait on the parent, before they choose a partition:
  -- one that had already chosen the default and waited on it alone failed once the month was
  -- attached (its row no longer fits the default), a 500 to the client.
  LOCK TABLE usage_entries IN SHARE MODE;
  EXECUTE format('WITH moved AS (DELETE FROM usage_entries_default WHERE occurred_at >= $1 AND occurred_at < $2 RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', name) USING low, high;
  GET DIAGNOSTICS moved = ROW_COUNT;
  EXECUTE format('ALTER TABLE usage_entries ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, low, high);
  IF moved > 0 THEN
    EXECUTE format('ANALYZE %I', name);
    ANALYZE usage_entries_default;
  END IF;
  RETURN TRUE;
END $$;
