-- Timeslot changes (every booking, cancellation and hold expiry makes one) are written to a
-- change log instead of being announced with NOTIFY inside their transaction: PostgreSQL
-- serialises the commits of notifying transactions (a global lock held through the commit's
-- flush), which made bookings commit one at a time. The API process that made a change
-- announces it after the commit (a NOTIFY of its own, not durable); every API process reads
-- the log when it hears any announcement and once a second, so a change whose announcement
-- was lost (a process killed between its commit and its NOTIFY, a hand-written UPDATE) still
-- reaches every cache within about a second. Catalogue and key changes are rare: they keep
-- announcing in their commit (migration `change_notifications`).
--
-- Unlogged: nothing here must survive a crash of PostgreSQL, which drops every listener's
-- connection (and with it every cache) anyway; its inserts write no WAL.
CREATE UNLOGGED TABLE "change_log" (
    "id" BIGSERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "xid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
    "logged_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),

    CONSTRAINT "change_log_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "change_log_xid_idx" ON "change_log"("xid");
CREATE INDEX "change_log_logged_at_idx" ON "change_log"("logged_at");

CREATE FUNCTION "slotwise_log_timeslot_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_log (topic)
  VALUES ('timeslots:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END);
  RETURN NULL;
END
$$;

DROP TRIGGER "timeslots_notify_product" ON "timeslots";
CREATE TRIGGER "timeslots_log_change" AFTER INSERT OR UPDATE OR DELETE ON "timeslots"
  FOR EACH ROW EXECUTE FUNCTION "slotwise_log_timeslot_change"();
