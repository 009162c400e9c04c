-- The 15-minute rollups with their figures in the index, so that reads of many short spans
-- are index-only: a year of day windows in a zone off UTC reads each UTC day's rest (in
-- Asia/Kolkata the 22 quarters from 18:30 to midnight) for every meter, some 150,000 rows
-- at a million entries, each on its own heap page (rows are written in compaction order,
-- not time order), so the statement touched 150,000 buffers; through this index it touches
-- about 2,300. The primary key cannot carry them (Prisma models no INCLUDE), so this is a
-- second key over the same columns and the figures; the compactor writes one more index
-- entry per rollup it adds to, its updates are no longer HOT (both are one row per bucket
-- and meter per compaction, not per entry).
CREATE INDEX "usage_rollups_15m_covering_idx" ON "usage_rollups_15m"("operator_id", "bucket_start", "meter", "total", "events");
