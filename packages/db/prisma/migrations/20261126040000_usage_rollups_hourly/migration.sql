-- Hourly rollups between the 15-minute and the daily ones. A local day in a zone off UTC holds
-- no whole UTC day, so a year of day windows in Asia/Kolkata read each UTC day's rest from
-- 18:30 to midnight as 22 quarter rows per meter (150,000 rows for 19 meters); with hours it is
-- two quarters and five hours, 7 rows. Hour windows of whole-hour zones read one row per meter
-- instead of four.
CREATE TABLE "usage_rollups_hourly" (
    "operator_id" INTEGER NOT NULL,
    "hour_start" TIMESTAMPTZ(3) NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "total" DECIMAL NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_hourly_pkey" PRIMARY KEY ("operator_id","hour_start","meter")
);

-- Index-only reads of many short spans, as for the 15-minute rollups.
CREATE INDEX "usage_rollups_hourly_covering_idx" ON "usage_rollups_hourly"("operator_id", "hour_start", "meter", "total", "events");

ALTER TABLE "usage_rollups_hourly" ADD CONSTRAINT "usage_rollups_hourly_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The hourly rollups follow the 15-minute ones in the database itself, whoever writes those:
-- during a rolling deploy a compactor of the release before this one folds entries into the
-- 15-minute rollups only and moves the watermark past them, and those entries would otherwise
-- never reach the hourly table. A statement-level trigger per kind of change adds what the
-- statement changed (rows written less the rows they replaced), per hour on the compactor's
-- own origin (date_bin, not date_trunc, which would follow the session's time zone).
CREATE FUNCTION "slotwise_usage_hourly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_hourly (operator_id, hour_start, meter, total, events)
  SELECT operator_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z'), meter, sum(total), sum(events)
    FROM written GROUP BY 1, 2, 3
  ON CONFLICT (operator_id, hour_start, meter)
  DO UPDATE SET total = usage_rollups_hourly.total + EXCLUDED.total, events = usage_rollups_hourly.events + EXCLUDED.events;
  RETURN NULL;
END $$;

CREATE FUNCTION "slotwise_usage_hourly_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_hourly (operator_id, hour_start, meter, total, events)
  SELECT operator_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z'), meter, sum(total), sum(events)
    FROM (
      SELECT operator_id, bucket_start, meter, total, events FROM written
      UNION ALL
      SELECT operator_id, bucket_start, meter, -total, -events FROM replaced
    ) AS delta
   GROUP BY 1, 2, 3
  ON CONFLICT (operator_id, hour_start, meter)
  DO UPDATE SET total = usage_rollups_hourly.total + EXCLUDED.total, events = usage_rollups_hourly.events + EXCLUDED.events;
  RETURN NULL;
END $$;

-- An hour whose quarters are all gone goes too (a quarter's row counts at least one event).
CREATE FUNCTION "slotwise_usage_hourly_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_rollups_hourly h SET total = h.total - r.total, events = h.events - r.events
    FROM (
      SELECT operator_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z') AS hour_start, meter,
             sum(total) AS total, sum(events) AS events
        FROM replaced GROUP BY 1, 2, 3
    ) AS r
   WHERE h.operator_id = r.operator_id AND h.hour_start = r.hour_start AND h.meter = r.meter;
  DELETE FROM usage_rollups_hourly h
   WHERE h.events = 0
     AND (h.operator_id, h.hour_start, h.meter) IN (
       SELECT operator_id, date_bin('1 hour', bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z'), meter FROM replaced
     );
  RETURN NULL;
END $$;

CREATE TRIGGER "usage_rollups_15m_hourly_insert" AFTER INSERT ON "usage_rollups_15m"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_hourly_add"();
CREATE TRIGGER "usage_rollups_15m_hourly_update" AFTER UPDATE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_hourly_change"();
CREATE TRIGGER "usage_rollups_15m_hourly_delete" AFTER DELETE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_hourly_remove"();

-- What the 15-minute rollups already hold. The lock (held until this migration commits, as the
-- triggers' creation holds it too) keeps a compactor from folding before the copy is made; one
-- that folds after it fires the triggers.
LOCK TABLE "usage_rollups_15m" IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO "usage_rollups_hourly" ("operator_id", "hour_start", "meter", "total", "events")
SELECT "operator_id", date_bin('1 hour', "bucket_start", TIMESTAMPTZ '2000-01-01T00:00:00Z'), "meter", sum("total"), sum("events")
  FROM "usage_rollups_15m"
 GROUP BY 1, 2, 3;

-- Statistics now, not at autovacuum's next visit: without them the planner takes the new table
-- for a few hundred rows, and a year of day windows scanned it whole once per edge (seconds).
ANALYZE "usage_rollups_hourly";
