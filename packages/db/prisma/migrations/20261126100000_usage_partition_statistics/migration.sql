-- A partition made for rows the default partition caught (a worker stopped for weeks, a backfill
-- of past months) is a new table without statistics, and the default partition's still count
-- the rows that left it. Until autovacuum analyzes both (a minute or more later), the planner
-- estimates a couple of rows for a month of entries and reads every entry of the period to find
-- the few not yet folded: a year-long series took 200 ms instead of 20 (bench, 1 million
-- entries). So the partition that received rows, and the default that lost them, are analyzed
-- in the same transaction as the move.
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
  EXECUTE format('CREATE TABLE %I (LIKE usage_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  -- No entry for that month may land in the default partition between the move and the attach
  -- (the attach would fail on it): inserts there wait for this transaction.
  LOCK TABLE usage_entries_default IN EXCLUSIVE MODE;
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
