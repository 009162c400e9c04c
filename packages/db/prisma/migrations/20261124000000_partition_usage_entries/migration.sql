-- Retention and growth (issue 17): usage entries are partitioned by month of occurred_at (UTC),
-- so raw entries past the retention age leave by dropping whole partitions once the rollups
-- hold them, instead of by DELETE. docs/decisions.md, "Usage partitions and retention".

-- A partitioned table's unique indexes must hold the partition key, so (operator, EventID) and
-- (operator, dedupe key) can no longer be unique on the entries themselves. Each is claimed in
-- a table of its own, unpartitioned, by a trigger on the entries (below), in the statement
-- that inserts the entry: the primary key decides a race exactly as the unique index did.
CREATE TABLE "usage_event_ids" (
    "operator_id" INTEGER NOT NULL,
    "event_id" VARCHAR(100) NOT NULL,
    "entry_id" BIGINT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_event_ids_pkey" PRIMARY KEY ("operator_id","event_id")
);
CREATE TABLE "usage_dedupe_keys" (
    "operator_id" INTEGER NOT NULL,
    "dedupe_key" VARCHAR(200) NOT NULL,
    "entry_id" BIGINT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_dedupe_keys_pkey" PRIMARY KEY ("operator_id","dedupe_key")
);

-- Set-aside entries keep their occurred_at, so they are found in their partition; a foreign
-- key to a partitioned table would make every partition drop check this table.
ALTER TABLE "usage_set_aside" DROP CONSTRAINT "usage_set_aside_entry_id_fkey";
ALTER TABLE "usage_set_aside" ADD COLUMN "occurred_at" TIMESTAMPTZ(3);
UPDATE "usage_set_aside" s SET "occurred_at" = e."occurred_at" FROM "usage_entries" e WHERE e."id" = s."entry_id";
DELETE FROM "usage_set_aside" WHERE "occurred_at" IS NULL;
ALTER TABLE "usage_set_aside" ALTER COLUMN "occurred_at" SET NOT NULL;

INSERT INTO "usage_event_ids" ("operator_id", "event_id", "entry_id", "occurred_at")
SELECT "operator_id", "event_id", "id", "occurred_at" FROM "usage_entries" WHERE "event_id" IS NOT NULL;
INSERT INTO "usage_dedupe_keys" ("operator_id", "dedupe_key", "entry_id", "occurred_at")
SELECT "operator_id", "dedupe_key", "id", "occurred_at" FROM "usage_entries" WHERE "dedupe_key" IS NOT NULL;

-- The old table steps aside; its id sequence stays and goes on numbering the new one.
ALTER TABLE "usage_entries" RENAME TO "usage_entries_unpartitioned";
ALTER SEQUENCE "usage_entries_id_seq" OWNED BY NONE;
ALTER TABLE "usage_entries_unpartitioned" DROP CONSTRAINT "usage_entries_pkey";
ALTER TABLE "usage_entries_unpartitioned" DROP CONSTRAINT "usage_entries_usage_check";
DROP INDEX "usage_entries_operator_id_occurred_at_idx";
DROP INDEX "usage_entries_operator_id_dedupe_key_key";
DROP INDEX "usage_entries_operator_id_event_id_key";
DROP INDEX "usage_entries_operator_id_created_xid_idx";
DROP INDEX "usage_entries_created_xid_idx";
ALTER TABLE "usage_entries_unpartitioned" DROP CONSTRAINT "usage_entries_operator_id_fkey";

CREATE TABLE "usage_entries" (
    "id" BIGINT NOT NULL DEFAULT nextval('usage_entries_id_seq'),
    "operator_id" INTEGER NOT NULL,
    "meter" VARCHAR(100) NOT NULL,
    "usage" DECIMAL(38,12) NOT NULL,
    "extra_info" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idempotency_key" VARCHAR(255),
    "dedupe_key" VARCHAR(200),
    "created_xid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
    "event_id" VARCHAR(100),

    CONSTRAINT "usage_entries_usage_check" CHECK ("usage" > 0)
) PARTITION BY RANGE ("occurred_at");
ALTER SEQUENCE "usage_entries_id_seq" OWNED BY "usage_entries"."id";

-- Catches any entry whose month has no partition (a worker stopped for months, a row written by
-- hand), so no insert ever fails for want of one. make_usage_partition moves such rows out.
CREATE TABLE "usage_entries_default" PARTITION OF "usage_entries" DEFAULT;

-- Makes the partition of the UTC month holding `month` unless it exists, moving into it the
-- rows the default partition caught for that month (with their created_xid, so what the
-- compactor folded stays folded). Serialised by an advisory lock, so several workers may call
-- it at once. Returns whether it made the partition.
CREATE FUNCTION "make_usage_partition"("month" DATE) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  first_day DATE := date_trunc('month', "month")::date;
  name TEXT := 'usage_entries_' || to_char(first_day, 'YYYY_MM');
  low TIMESTAMPTZ := first_day::timestamp AT TIME ZONE 'UTC';
  high TIMESTAMPTZ := (first_day + INTERVAL '1 month') AT TIME ZONE 'UTC';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('usage_entries partitions'));
  IF to_regclass(quote_ident(name)) IS NOT NULL THEN
    RETURN FALSE;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE usage_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  -- No entry for that month may land in the default partition between the move and the attach
  -- (the attach would fail on it): inserts there wait for this transaction.
  LOCK TABLE usage_entries_default IN EXCLUSIVE MODE;
  EXECUTE format('WITH moved AS (DELETE FROM usage_entries_default WHERE occurred_at >= $1 AND occurred_at < $2 RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', name) USING low, high;
  EXECUTE format('ALTER TABLE usage_entries ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, low, high);
  RETURN TRUE;
END $$;

-- A partition for every month that holds entries, and for this month and the next three.
SELECT make_usage_partition(m::date)
  FROM (SELECT DISTINCT date_trunc('month', "occurred_at" AT TIME ZONE 'UTC') AS m FROM "usage_entries_unpartitioned"
        UNION
        SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + n * INTERVAL '1 month' FROM generate_series(0, 3) AS n) AS months
 ORDER BY m;

INSERT INTO "usage_entries" ("id", "operator_id", "meter", "usage", "extra_info", "occurred_at", "created_at",
                             "idempotency_key", "dedupe_key", "created_xid", "event_id")
SELECT "id", "operator_id", "meter", "usage", "extra_info", "occurred_at", "created_at",
       "idempotency_key", "dedupe_key", "created_xid", "event_id"
  FROM "usage_entries_unpartitioned";
DROP TABLE "usage_entries_unpartitioned";

-- Indexes are built after the copy (faster than keeping them up while it runs); each is made
-- on every partition, present and future.
ALTER TABLE "usage_entries" ADD CONSTRAINT "usage_entries_pkey" PRIMARY KEY ("id", "occurred_at");
CREATE INDEX "usage_entries_operator_id_occurred_at_idx" ON "usage_entries"("operator_id", "occurred_at");
CREATE INDEX "usage_entries_operator_id_created_xid_idx" ON "usage_entries"("operator_id", "created_xid");
CREATE INDEX "usage_entries_created_xid_idx" ON "usage_entries"("created_xid");
-- Keys are forgotten with the partition their entry lived in.
CREATE INDEX "usage_event_ids_occurred_at_idx" ON "usage_event_ids"("occurred_at");
CREATE INDEX "usage_dedupe_keys_occurred_at_idx" ON "usage_dedupe_keys"("occurred_at");

ALTER TABLE "usage_entries" ADD CONSTRAINT "usage_entries_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "usage_event_ids" ADD CONSTRAINT "usage_event_ids_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "usage_dedupe_keys" ADD CONSTRAINT "usage_dedupe_keys_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Claims an entry's EventID and dedupe key in the statement that inserts it. An entry whose key
-- the operator already has is skipped (the trigger returns NULL), as ON CONFLICT DO NOTHING
-- skipped it before: a simultaneous claim waits for the other transaction and is skipped if it
-- commits. Every write path goes through it, the API's, the worker's and a hand-written INSERT.
CREATE FUNCTION "claim_usage_entry_keys"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.event_id IS NOT NULL THEN
    INSERT INTO usage_event_ids (operator_id, event_id, entry_id, occurred_at)
    VALUES (NEW.operator_id, NEW.event_id, NEW.id, NEW.occurred_at) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  IF NEW.dedupe_key IS NOT NULL THEN
    INSERT INTO usage_dedupe_keys (operator_id, dedupe_key, entry_id, occurred_at)
    VALUES (NEW.operator_id, NEW.dedupe_key, NEW.id, NEW.occurred_at) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- Both keys or neither: an event id claimed just above goes with the skipped entry.
      IF NEW.event_id IS NOT NULL THEN
        DELETE FROM usage_event_ids WHERE operator_id = NEW.operator_id AND event_id = NEW.event_id;
      END IF;
      RETURN NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "usage_entries_claim_keys" BEFORE INSERT ON "usage_entries"
  FOR EACH ROW WHEN (NEW.event_id IS NOT NULL OR NEW.dedupe_key IS NOT NULL)
  EXECUTE FUNCTION claim_usage_entry_keys();
