-- Meter definitions and thresholds (contract section 14). An operator describes a meter with
-- a unit and a description, and sets thresholds on its total per local day or month; each
-- threshold crossed in a period gives one notice and one e-mail.
CREATE TYPE "threshold_period" AS ENUM ('day', 'month');
-- Threshold e-mails go through the outbox like every other e-mail (never used in this
-- migration, so adding the value inside its transaction is allowed).
ALTER TYPE "email_kind" ADD VALUE 'USAGE_THRESHOLD';

CREATE TABLE "meter_definitions" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "unit" VARCHAR(20),
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "meter_definitions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "meter_definitions_operator_id_meter_key" ON "meter_definitions"("operator_id", "meter");
ALTER TABLE "meter_definitions" ADD CONSTRAINT "meter_definitions_operator_id_fkey"
  FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Values keep the usage bounds (exact, stored as written), so the CHECK mirrors the API's.
CREATE TABLE "meter_thresholds" (
    "id" SERIAL NOT NULL,
    "definition_id" INTEGER NOT NULL,
    "period" "threshold_period" NOT NULL,
    "value" DECIMAL(38,12) NOT NULL,
    CONSTRAINT "meter_thresholds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "meter_thresholds_value_check" CHECK ("value" > 0)
);
CREATE UNIQUE INDEX "meter_thresholds_definition_id_period_value_key" ON "meter_thresholds"("definition_id", "period", "value");
ALTER TABLE "meter_thresholds" ADD CONSTRAINT "meter_thresholds_definition_id_fkey"
  FOREIGN KEY ("definition_id") REFERENCES "meter_definitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per threshold crossed, per local period: the unique key is what makes the notice
-- (and the e-mail queued with it) happen once, however many workers check at the same moment.
-- Keyed by the meter's name rather than its definition, so deleting and re-creating a
-- definition does not announce a crossing already announced.
CREATE TABLE "usage_threshold_notices" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "period" "threshold_period" NOT NULL,
    "threshold" DECIMAL(38,12) NOT NULL,
    "period_start" DATE NOT NULL,
    "time_zone" VARCHAR(64) NOT NULL,
    "total" DECIMAL NOT NULL,
    "noticed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "usage_threshold_notices_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "usage_threshold_notices_once_key"
  ON "usage_threshold_notices"("operator_id", "meter", "period", "threshold", "period_start");
CREATE INDEX "usage_threshold_notices_operator_id_noticed_at_idx" ON "usage_threshold_notices"("operator_id", "noticed_at");
ALTER TABLE "usage_threshold_notices" ADD CONSTRAINT "usage_threshold_notices_operator_id_fkey"
  FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
