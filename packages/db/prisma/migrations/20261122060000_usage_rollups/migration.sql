-- AlterTable
ALTER TABLE "usage_entries" ADD COLUMN "created_xid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateTable
CREATE TABLE "usage_rollups_15m" (
    "operator_id" INTEGER NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "total" DECIMAL(38,12) NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_15m_pkey" PRIMARY KEY ("operator_id","bucket_start","meter")
);

-- CreateTable
CREATE TABLE "usage_rollups_daily" (
    "operator_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "total" DECIMAL(38,12) NOT NULL,
    "events" BIGINT NOT NULL,

    CONSTRAINT "usage_rollups_daily_pkey" PRIMARY KEY ("operator_id","day","meter")
);

-- CreateTable
CREATE TABLE "usage_compaction" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "watermark" BIGINT NOT NULL DEFAULT 0,
    "compacted_at" TIMESTAMPTZ(3),

    CONSTRAINT "usage_compaction_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "usage_compaction_single_row_check" CHECK ("id" = 1)
);

INSERT INTO "usage_compaction" ("id", "watermark") VALUES (1, 0);

-- CreateIndex
CREATE INDEX "usage_entries_operator_id_created_xid_idx" ON "usage_entries"("operator_id", "created_xid");

-- CreateIndex
CREATE INDEX "usage_entries_created_xid_idx" ON "usage_entries"("created_xid");

-- AddForeignKey
ALTER TABLE "usage_rollups_15m" ADD CONSTRAINT "usage_rollups_15m_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_rollups_daily" ADD CONSTRAINT "usage_rollups_daily_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
