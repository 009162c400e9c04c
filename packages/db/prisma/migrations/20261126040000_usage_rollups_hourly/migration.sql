-- Hourly rollups between the 15-minute and the daily ones. A local day in a zone off UTC holds
-- no whole UTC day, so a year of day windows in Asia/Kolkata read each UTC day's rest from
-- 18:30 to midnight as 22 quarter rows per meter (150,000 rows for 19 meters); with hours it is
-- two quarters and five hours, 7 rows. Hour windows read one row per meter instead of four.
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

-- What the 15-minute rollups already hold, on the same origin as the compactor's buckets (not
-- date_trunc, which would follow the session's time zone).
INSERT INTO "usage_rollups_hourly" ("operator_id", "hour_start", "meter", "total", "events")
SELECT "operator_id", date_bin('1 hour', "bucket_start", TIMESTAMPTZ '2000-01-01T00:00:00Z'), "meter", sum("total"), sum("events")
  FROM "usage_rollups_15m"
 GROUP BY 1, 2, 3;
