-- Day rollups that start at a zone's midnight instead of UTC's. A local day in a zone off UTC
-- holds no whole UTC day, so a year of day windows in Asia/Kolkata or Europe/Berlin was read as
-- UTC days plus or less the rest of each (hours and quarters), summed per window: about 2.5 times
-- the rows and the database time of the same year in UTC. With these, a local day whose offset
-- does not change that day is one row, as a UTC day is.
--
-- `usage_day_shifts` lists where such days start, in minutes after UTC midnight (Kolkata, UTC+05:30,
-- starts its days at 18:30 UTC: 1110). It holds the start of every zone's days in the time zone
-- database of 2026, both sides of daylight saving time included; a zone that comes to start its
-- days elsewhere needs a row here (and the backfill below for it), or its windows are read from
-- UTC days and their edges as before. packages/db/src/usage/day-shifts.ts names the same list.
CREATE TABLE "usage_day_shifts" (
    "minutes" INTEGER NOT NULL,

    CONSTRAINT "usage_day_shifts_pkey" PRIMARY KEY ("minutes"),
    CONSTRAINT "usage_day_shifts_quarter" CHECK ("minutes" > 0 AND "minutes" < 1440 AND "minutes" % 15 = 0)
);

INSERT INTO "usage_day_shifts" ("minutes") VALUES
  (60), (120), (150), (180), (210), (240), (300), (360), (420), (480), (540), (570), (600), (615), (660), (675),
  (720), (780), (810), (840), (870), (900), (915), (960), (1020), (1050), (1080), (1095), (1110), (1140), (1170),
  (1200), (1230), (1260), (1320), (1380);

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

-- Kept like the hourly rollups (migration usage_rollups_hourly), by statement-level triggers on
-- the 15-minute rollups, for the same reason: whoever writes those, a compactor of an earlier
-- release included. Each quarter counts in the one shifted day of each shift that holds it.
CREATE FUNCTION "slotwise_usage_shifted_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_shifted_days (operator_id, day_shift, day_start, meter, total, events)
  SELECT w.operator_id, s.minutes,
         date_bin('1 day', w.bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => s.minutes)),
         w.meter, sum(w.total), sum(w.events)
    FROM written w CROSS JOIN usage_day_shifts s
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (operator_id, day_shift, day_start, meter)
  DO UPDATE SET total = usage_rollups_shifted_days.total + EXCLUDED.total,
                events = usage_rollups_shifted_days.events + EXCLUDED.events;
  RETURN NULL;
END $$;

CREATE FUNCTION "slotwise_usage_shifted_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollups_shifted_days (operator_id, day_shift, day_start, meter, total, events)
  SELECT d.operator_id, s.minutes,
         date_bin('1 day', d.bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => s.minutes)),
         d.meter, sum(d.total), sum(d.events)
    FROM (
      SELECT operator_id, bucket_start, meter, total, events FROM written
      UNION ALL
      SELECT operator_id, bucket_start, meter, -total, -events FROM replaced
    ) AS d CROSS JOIN usage_day_shifts s
   GROUP BY 1, 2, 3, 4
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
      SELECT r.operator_id, s.minutes AS day_shift,
             date_bin('1 day', r.bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => s.minutes)) AS day_start,
             r.meter, sum(r.total) AS total, sum(r.events) AS events
        FROM replaced r CROSS JOIN usage_day_shifts s
       GROUP BY 1, 2, 3, 4
    ) AS g
   WHERE d.operator_id = g.operator_id AND d.day_shift = g.day_shift AND d.day_start = g.day_start AND d.meter = g.meter;
  DELETE FROM usage_rollups_shifted_days d
   WHERE d.events = 0
     AND (d.operator_id, d.day_shift, d.day_start, d.meter) IN (
       SELECT r.operator_id, s.minutes,
              date_bin('1 day', r.bucket_start, TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => s.minutes)), r.meter
         FROM replaced r CROSS JOIN usage_day_shifts s
     );
  RETURN NULL;
END $$;

CREATE TRIGGER "usage_rollups_15m_shifted_insert" AFTER INSERT ON "usage_rollups_15m"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_add"();
CREATE TRIGGER "usage_rollups_15m_shifted_update" AFTER UPDATE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_change"();
CREATE TRIGGER "usage_rollups_15m_shifted_delete" AFTER DELETE ON "usage_rollups_15m"
  REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION "slotwise_usage_shifted_remove"();

-- What the 15-minute rollups already hold, under the lock that keeps a compactor from folding
-- before the copy is made (as in migration usage_rollups_hourly), then statistics at once.
LOCK TABLE "usage_rollups_15m" IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO "usage_rollups_shifted_days" ("operator_id", "day_shift", "day_start", "meter", "total", "events")
SELECT r."operator_id", s."minutes",
       date_bin('1 day', r."bucket_start", TIMESTAMPTZ '2000-01-01T00:00:00Z' + make_interval(mins => s."minutes")),
       r."meter", sum(r."total"), sum(r."events")
  FROM "usage_rollups_15m" r CROSS JOIN "usage_day_shifts" s
 GROUP BY 1, 2, 3, 4;

ANALYZE "usage_rollups_shifted_days";
