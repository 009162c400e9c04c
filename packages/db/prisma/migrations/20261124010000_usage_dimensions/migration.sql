-- Usage dimensions (contract section 14). The API computes an entry's dimensions from its
-- ExtraInfo when recording it and stores them here (null when it has none). Entries recorded
-- before this migration have none: their ExtraInfo is not backfilled, since casting text that
-- is not JSON to jsonb raises an error and the rules (names, limits, exact numbers) live in the
-- application. A plain ADD COLUMN works alike on a plain and on a partitioned table.
ALTER TABLE "usage_entries" ADD COLUMN "dimensions" JSONB;

-- The rollups again, per entry's whole dimension set as well: the compactor folds both in one
-- statement. `dimensions` is the set's canonical JSON text (jsonb's own output, '{}' for none),
-- so equal sets share a row whatever the order of members in ExtraInfo.
CREATE TABLE "usage_rollups_dims_15m" (
    "operator_id" INTEGER NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "dimensions" TEXT NOT NULL,
    "total" DECIMAL NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_dims_15m_pkey" PRIMARY KEY ("operator_id","bucket_start","meter","dimensions")
);

CREATE TABLE "usage_rollups_dims_daily" (
    "operator_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "dimensions" TEXT NOT NULL,
    "total" DECIMAL NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_dims_daily_pkey" PRIMARY KEY ("operator_id","day","meter","dimensions")
);

-- AddForeignKey
ALTER TABLE "usage_rollups_dims_15m" ADD CONSTRAINT "usage_rollups_dims_15m_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_rollups_dims_daily" ADD CONSTRAINT "usage_rollups_dims_daily_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the compactor had folded before this migration goes into the dimension rollups as
-- entries without dimensions (which is what they are, unbackfilled): a grouped or filtered
-- summary of an earlier period then adds up to the plain one, all of it in the null group.
INSERT INTO "usage_rollups_dims_15m" ("operator_id", "bucket_start", "meter", "dimensions", "total", "events")
SELECT "operator_id", "bucket_start", "meter", '{}', "total", "events" FROM "usage_rollups_15m";
INSERT INTO "usage_rollups_dims_daily" ("operator_id", "day", "meter", "dimensions", "total", "events")
SELECT "operator_id", "day", "meter", '{}', "total", "events" FROM "usage_rollups_daily";
