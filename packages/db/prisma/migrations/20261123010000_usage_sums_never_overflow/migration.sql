-- Two entries of 9e25 in one quarter hour overflowed numeric(38, 12) rollups and stopped the
-- compactor for every operator. Rollup totals are now unconstrained numeric: a sum of entries
-- (each below 10^26 with 12 decimals) over every entry the table can ever hold stays below
-- 10^46, far inside numeric's range. Widening a numeric's typmod rewrites no rows.
ALTER TABLE "usage_rollups_15m" ALTER COLUMN "total" SET DATA TYPE DECIMAL;
ALTER TABLE "usage_rollups_daily" ALTER COLUMN "total" SET DATA TYPE DECIMAL;

-- Entries the compactor could not fold, moved past by its watermark; summaries still count them.
CREATE TABLE "usage_set_aside" (
    "entry_id" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "set_aside_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usage_set_aside_pkey" PRIMARY KEY ("entry_id")
);

-- AddForeignKey
ALTER TABLE "usage_set_aside" ADD CONSTRAINT "usage_set_aside_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "usage_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
