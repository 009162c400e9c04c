-- Day rollups that start at a zone's midnight instead of UTC's. A local day in a zone off UTC
-- holds no whole UTC day, so a year of day windows in Asia/Kolkata or Europe/Berlin was read as
-- UTC days plus or less the rest of each (hours and quarters), about 8 rows per meter and day
-- instead of 1, summed per window. With these, a local day whose offset does not change that
-- day is one row, as a UTC day is.
--
-- `usage_day_shifts` lists where such days start, in minutes after UTC midnight (a zone's
-- midnight at UTC+05:30, Kolkata's, is 18:30 UTC: 1110), for every zone's midnight in the time
-- zone database of 2026, both sides of daylight saving time. The series read the list and take
-- shifted days only for a shift it holds, days before its `materialized_through`, checking in
-- the same snapshot as the rollups that the shift is still kept; anything else is read from UTC
-- days and edges, exact either way.
--
-- Writes: a fold touches the open day of every shift, and keeping 36 shifted days per meter in
-- step with each fold made a fold 10 to 40 times dearer in PostgreSQL's CPU (measured: 100
-- meters' quarter 8-24 ms without them, 106-225 ms with). So a day is made once it has closed:
-- each compaction makes every shift's days up to the one holding an hour ago
-- (materialize-shifted-days.ts) and moves `materialized_through`. Only days before it are kept
-- in step by the triggers below, for late entries folded into them.
-- The start of a shifted day holding `at`: on the 15-minute rollups' origin, moved by the shift.
CREATE FUNCTION "usage_shifted_day_start"("at" TIMESTAMPTZ, "minutes" INTEGER) RETURNS TIMESTAMPTZ
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN date_bin('1 day', "at", TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => "minutes"));

CREATE TABLE "usage_day_shifts" (
    "minutes" INTEGER NOT NULL,
    "materialized_through" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_day_shifts_pkey" PRIMARY KEY ("minutes"),
    CONSTRAINT "usage_day_shifts_quarter" CHECK ("minutes" > 0 AND "minutes" < 1440 AND "minutes" % 15 = 0),
    -- A day is made whole or not at all: the triggers keep exactly the days before this instant.
    CONSTRAINT "usage_day_shifts_whole_days" CHECK ("materialized_through" = usage_shifted_day_start("materialized_through", "minutes"))
);

INSERT INTO "usage_day_shifts" ("minutes", "materialized_through")
SELECT m, usage_shifted_day_start(now() - INTERVAL '1 hour', m)
  FROM unnest(ARRAY[60, 120, 150, 180, 210, 240, 300, 360, 420, 480, 540, 570, 600, 615, 660, 675, 720, 780, 810, 840,
                    870, 900, 915, 960, 1020, 1050, 1080, 1095, 1110, 1140, 1170, 1200, 1230, 1260, 1320, 1380]) AS m;

-- 36 rows never reach autovacuum's threshold: without statistics the planner took this table
-- for some 2,500 rows, and deleting a month of 15-minute rollups took minutes instead of
-- seconds (found by attack).
ANALYZE "usage_day_shifts";

-- One row per operator, meter and 24 hours from `day_start` (`day_shift` minutes after a UTC midnight).
CREATE TABLE "usage_rollups_shifted_days" (
    "operator_id" INTEGER NOT NULL,
    "day_shift" INTEGER NOT NULL,
    "day_start" TIMESTAMPTZ(3) NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "total" DECIMAL NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_shifted_days_pkey" PRIMARY KEY ("operator_id","day_shift","day_start","meter")
);

-- A year of one zone's days is one range of this index, read without the table.
CREATE INDEX "usage_rollups_shifted_days_covering_idx" ON "usage_rollups_shifted_days"("operator_id", "day_shift", "day_start", "meter", "total", "events");

ALTER TABLE "usage_rollups_shifted_days" ADD CONSTRAINT "usage_rollups_shifted_days_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Days already made follow the 15-minute rollups by statement-level triggers, like the hourly
-- rollups (migration usage_rollups_hourly) and for the same reason: whoever writes those, a
-- compactor of an earlier release included. A quarter lies in a made day of a shift exactly
-- when it starts before the shift's `materialized_through` (a boundary of that shift's days),
-- so quarters of days not yet made (today's, in the steady state) are left out by one
-- comparison. Changes go in key order, so that two writers never wait on each other's rows in
-- opposite orders.
CREATE FUNCTION "slotwise_usage_shifted_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_shifted_days (operator_id, day_shift, day_start, meter, total, events)
  SELECT w.operator_id, s.minutes, usage_shifted_day_start(w.bucket_start, s.minutes), w.meter, sum(w.total), sum(w.events)
    FROM written w JOIN usage_day_shifts s ON w.bucket_start < s.materialized_through
   WHERE w.bucket_start < (SELECT max(materialized_through) FROM usage_day_shifts)
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (operator_id, day_shift, day_start, meter)
  DO UPDATE SET total = usage_rollups_shifted_days.total + EXCLUDED.total,
                events = usage_rollups_shifted_days.events + EXCLUDED.events;
  RETURN NULL;
END $$;

CREATE FUNCTION "slotwise_usage_shifted_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_shifted_days (operator_id, day_shift, day_start, meter, total, events)
  SELECT w.operator_id, s.minutes, usage_shifted_day_start(w.bucket_start, s.minutes), w.meter, sum(w.total), sum(w.events)
    FROM (
      SELECT operator_id, bucket_start, meter, total, events FROM written
      UNION ALL
      SELECT operator_id, bucket_start, meter, -total, -events FROM replaced
    ) AS w JOIN usage_day_shifts s ON w.bucket_start < s.materialized_through
   WHERE w.bucket_start < (SELECT max(materialized_through) FROM usage_day_shifts)
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (operator_id, day_shift, day_start, meter)
  DO UPDATE SET total = usage_rollups_shifted_days.total + EXCLUDED.total,
                events = usage_rollups_shifted_days.events + EXCLUDED.events;
  RETURN NULL;
END $$;

-- A shifted day whose quarters are all gone goes too (a quarter's row counts at least one event).
CREATE FUNCTION "slotwise_usage_shifted_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_rollups_shifted_days d SET total = d.total - g.total, events = d.events - g.events
    FROM (
      SELECT w.operator_id, s.minutes AS day_shift, usage_shifted_day_start(w.bucket_start, s.minutes) AS day_start, w.meter,
             sum(w.total) AS total, sum(w.events) AS events
        FROM replaced w JOIN usage_day_shifts s ON w.bucket_start < s.materialized_through
       WHERE w.bucket_start < (SELECT max(materialized_through) FROM usage_day_shifts)
       GROUP BY 1, 2, 3, 4
    ) AS g
   WHERE d.operator_id = g.operator_id AND d.day_shift = g.day_shift AND d.day_start = g.day_start AND d.meter = g.meter;
  DELETE FROM usage_rollups_shifted_days d
   WHERE d.events = 0
     AND (d.operator_id, d.day_shift, d.day_start, d.meter) IN (
       SELECT w.operator_id, s.minutes, usage_shifted_day_start(w.bucket_start, s.minutes), w.meter
         FROM replaced w JOIN usage_day_shifts s ON w.bucket_start < s.materialized_through
     );
  RETURN NULL;
END $$;

CREATE TRIGGER "usage_rollups_15m_shifted_insert" AFTER INSERT ON "usage_rollups_15m"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_add"();
CREATE TRIGGER "usage_rollups_15m_shifted_update" AFTER UPDATE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_change"();
CREATE TRIGGER "usage_rollups_15m_shifted_delete" AFTER DELETE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_remove"();

-- The days before each shift's `materialized_through` from what the 15-minute rollups already
-- hold, under the lock that keeps a compactor from folding before the copy is made (as in
-- migration usage_rollups_hourly); 36 rows per meter and day, so on a large database this
-- takes a while (measured: 22 to 36 s for 669,000 quarter rows on two busy cores), during
-- which compactions wait. Then statistics at once.
LOCK TABLE "usage_rollups_15m" IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO "usage_rollups_shifted_days" ("operator_id", "day_shift", "day_start", "meter", "total", "events")
SELECT w.operator_id, s.minutes, usage_shifted_day_start(w.bucket_start, s.minutes), w.meter, sum(w.total), sum(w.events)
  FROM "usage_rollups_15m" w JOIN usage_day_shifts s ON w.bucket_start < s.materialized_through
 GROUP BY 1, 2, 3, 4;

ANALYZE "usage_rollups_shifted_days";
