-- The operator's catalogue (contract section 17): keys with the `catalog` scope, which partners
-- may sell an activity, cancellation policies (the activity's, and each booking's as made),
-- schedules that materialise timeslots, and closures of local dates.

ALTER TYPE "api_scope" ADD VALUE 'catalog';

-- Every partner of the operator may sell it ("all"), or only those named in `partner_slugs`.
ALTER TABLE "products" ADD COLUMN "all_partners" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "products" ADD COLUMN "partner_slugs" VARCHAR(64)[];
-- NULL: no policy (partners cancel until the start, fully refunded); `[]`: partners cannot cancel.
ALTER TABLE "products" ADD COLUMN "cancellation_policy" JSONB;

ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" JSONB;
-- Minor units refunded when cancelled, by the booking's own policy.
ALTER TABLE "bookings" ADD COLUMN "refund_amount" INTEGER;

-- `materialised_until` is the last local date whose timeslots exist; the worker moves it on.
CREATE TABLE "schedules" (
  "id" SERIAL NOT NULL,
  "product_id" INTEGER NOT NULL,
  "start_date" DATE NOT NULL,
  "end_date" DATE,
  "weekdays" VARCHAR(2)[],
  "times" VARCHAR(5)[],
  "capacity" INTEGER NOT NULL,
  "materialised_until" DATE NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "schedules_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "schedules_dates_ordered" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"),
  CONSTRAINT "schedules_capacity_positive" CHECK ("capacity" >= 1)
);
CREATE INDEX "schedules_product_id_idx" ON "schedules"("product_id");
CREATE INDEX "schedules_materialised_until_idx" ON "schedules"("materialised_until");
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_product_id_fkey"
  FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A timeslot keeps its schedule; a one-off timeslot has none.
ALTER TABLE "timeslots" ADD COLUMN "schedule_id" INTEGER;
CREATE INDEX "timeslots_schedule_id_idx" ON "timeslots"("schedule_id");
ALTER TABLE "timeslots" ADD CONSTRAINT "timeslots_schedule_id_fkey"
  FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "closures" (
  "id" SERIAL NOT NULL,
  "product_id" INTEGER NOT NULL,
  "from_date" DATE NOT NULL,
  "to_date" DATE NOT NULL,
  "reason" VARCHAR(500) NOT NULL DEFAULT '',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "closures_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "closures_dates_ordered" CHECK ("to_date" >= "from_date")
);
CREATE INDEX "closures_product_id_from_date_idx" ON "closures"("product_id", "from_date");
ALTER TABLE "closures" ADD CONSTRAINT "closures_product_id_fkey"
  FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Retiring a question keeps it (answers given stay readable) but drops it from partners' lists.
ALTER TABLE "waiver_questions" ADD COLUMN "retired_at" TIMESTAMPTZ(3);
